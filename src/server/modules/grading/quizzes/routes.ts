import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { draftResponseSchema, storedDraftsSchema } from '@/shared/schemas/grading';
import {
  quizAnswersQuerySchema,
  quizAnswersResponseSchema,
  quizDraftRequestSchema,
  quizGradingViewSchema,
  quizQuestionParamsSchema,
  quizRouteParamsSchema,
  quizSubmissionParamsSchema,
  saveQuestionScoresRequestSchema,
  saveQuestionScoresResponseSchema,
  undoQuestionScoresResponseSchema,
} from '@/shared/schemas/quiz-grading';
import { currentUser } from '@/server/modules/auth/authenticate';
import type { GradingPluginOptions } from '../kernel/grading-dependencies';
import { listStoredDrafts } from '../kernel/list-stored-drafts';
import { draftQuizQuestion } from './draft-quiz-answer';
import { loadQuizAnswers } from './get-quiz-answers';
import { loadQuizView } from './load-quiz';
import { saveQuestionScores } from './save-question-scores';
import { undoQuestionScores } from './undo-question-scores';

/** Quiz grading, under /api/grading/courses/:courseId/quizzes/:quizId. */
export const quizGradingRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (app, { dependencies: deps }) => {
  app.addHook('onRequest', deps.authenticate);

  app.get(
    '/',
    { schema: { params: quizRouteParamsSchema, response: { 200: quizGradingViewSchema } } },
    async (request) => loadQuizView(deps.canvas, currentUser(request).id, request.params),
  );

  app.get(
    '/submissions/:submissionId/answers',
    {
      schema: {
        params: quizSubmissionParamsSchema,
        querystring: quizAnswersQuerySchema,
        response: { 200: quizAnswersResponseSchema },
      },
    },
    async (request) =>
      loadQuizAnswers(deps.canvas, currentUser(request).id, {
        courseId: request.params.courseId,
        quizId: request.params.quizId,
        userId: request.query.userId,
        assignmentId: request.query.assignmentId,
      }),
  );

  app.put(
    '/submissions/:submissionId/scores',
    {
      schema: {
        params: quizSubmissionParamsSchema,
        body: saveQuestionScoresRequestSchema,
        response: { 200: saveQuestionScoresResponseSchema },
      },
    },
    async (request) => {
      const { courseId, quizId, submissionId } = request.params;
      const target = { courseId, quizId, quizSubmissionId: submissionId };
      return saveQuestionScores(deps, currentUser(request), target, request.body);
    },
  );

  app.post(
    '/submissions/:submissionId/questions/:questionId/undo',
    { schema: { params: quizQuestionParamsSchema, response: { 200: undoQuestionScoresResponseSchema } } },
    async (request) => {
      const { courseId, quizId, submissionId, questionId } = request.params;
      return undoQuestionScores(deps, currentUser(request), {
        courseId,
        quizId,
        quizSubmissionId: submissionId,
        questionId,
      });
    },
  );

  app.get(
    '/submissions/:submissionId/drafts',
    { schema: { params: quizSubmissionParamsSchema, response: { 200: storedDraftsSchema } } },
    async (request) => {
      const { courseId, quizId, submissionId } = request.params;
      return listStoredDrafts(deps.drafts, currentUser(request).id, {
        kind: 'quiz',
        courseId,
        quizId,
        quizSubmissionId: submissionId,
      });
    },
  );

  app.post(
    '/submissions/:submissionId/questions/:questionId/draft',
    {
      schema: {
        params: quizQuestionParamsSchema,
        body: quizDraftRequestSchema,
        response: { 200: draftResponseSchema },
      },
    },
    async (request) => {
      const { courseId, quizId, submissionId, questionId } = request.params;
      const target = { courseId, quizId, quizSubmissionId: submissionId, questionId };
      return draftQuizQuestion(deps, currentUser(request).id, target, request.body.options);
    },
  );
};
