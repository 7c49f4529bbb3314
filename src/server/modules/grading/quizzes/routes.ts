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
} from '@/shared/schemas/quiz-grading';
import type { GradingPluginOptions } from '../kernel/grading-kernel';
import { consumeDraftAllowance } from '../kernel/draft-rate-limit';
import { currentUser } from '@/server/modules/auth/authenticate';
import { getUsageSummary } from '@/server/modules/usage/get-usage-summary';
import { draftQuizAnswer } from './draft-quiz-answer';
import { getQuizAnswers, toAnswerError } from './get-quiz-answers';
import { loadQuiz } from './load-quiz';
import { saveQuestionScores } from './save-question-scores';
import { draftScope } from '../kernel/draft-scope';

/** Quiz grading, under /api/grading/courses/:courseId/quizzes/:quizId. */
export const quizGradingRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (app, { context, kernel }) => {
  const { drafts, usage } = kernel;
  app.addHook('onRequest', context.authenticate);

  app.get(
    '/',
    { schema: { params: quizRouteParamsSchema, response: { 200: quizGradingViewSchema } } },
    async (request) => {
      const { courseId, quizId } = request.params;
      const canvas = await context.canvas.clientFor(currentUser(request).id);
      return loadQuiz(canvas.client, courseId, quizId, canvas.toPublicUrl);
    },
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
    async (request) => {
      const { courseId, quizId } = request.params;
      const canvas = await context.canvas.clientFor(currentUser(request).id).catch((error: unknown) => {
        throw toAnswerError(error);
      });
      return getQuizAnswers(canvas.client, {
        courseId,
        quizId,
        userId: request.query.userId,
        assignmentId: request.query.assignmentId,
      });
    },
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
      const teacher = currentUser(request);
      const { courseId, quizId, submissionId } = request.params;
      const canvas = await context.canvas.clientFor(teacher.id);
      const saved = await saveQuestionScores(
        { client: canvas.client, usage, audit: context.audit },
        teacher,
        { courseId, quizId, quizSubmissionId: submissionId },
        request.body,
      );
      // The scored questions' drafts have served their purpose once the scores are in Canvas.
      const scope = draftScope({ kind: 'quiz', courseId, quizId, quizSubmissionId: submissionId });
      const [{ summary }] = await Promise.all([
        getUsageSummary(usage, teacher.id),
        ...request.body.questions.map((item) => drafts.remove(teacher.id, scope, item.questionId)),
      ]);
      return { submission: saved, usage: summary };
    },
  );

  app.get(
    '/submissions/:submissionId/drafts',
    { schema: { params: quizSubmissionParamsSchema, response: { 200: storedDraftsSchema } } },
    async (request) => {
      const { courseId, quizId, submissionId } = request.params;
      return {
        drafts: await drafts.list(
          currentUser(request).id,
          draftScope({ kind: 'quiz', courseId, quizId, quizSubmissionId: submissionId }),
        ),
        job: null,
      };
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
      const { id } = currentUser(request);
      const { courseId, quizId, submissionId, questionId } = request.params;
      await consumeDraftAllowance(context.db, id);
      const canvas = await context.canvas.clientFor(id);
      const response = await draftQuizAnswer({
        engine: context.gradeDrafter,
        client: canvas.client,
        target: { courseId, quizId, quizSubmissionId: submissionId, questionId },
        options: request.body.options,
      });
      await drafts.save(
        id,
        draftScope({ kind: 'quiz', courseId, quizId, quizSubmissionId: submissionId }),
        questionId,
        response,
      );
      return response;
    },
  );
};
