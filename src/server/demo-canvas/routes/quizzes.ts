import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DemoQuiz, DemoQuizSubmission } from '../model';
import { courseAccess, requireAccess } from '../domain/permissions';
import { updateQuizScores } from '../domain/update-quiz-scores';
import { notFound, requestError } from '../http/canvas-errors';
import { idParam, stringParam } from '../http/params';
import { quizJson, quizQuestionJson, quizSubmissionJson } from '../serializers/quizzes';
import { submissionJson } from '../serializers/submissions';
import { userJson } from '../serializers/users';
import type { DemoRouteContext } from './route-context';

type CourseParams = { courseId: string };
type QuizParams = CourseParams & { quizId: string };
type QuizSubmissionParams = QuizParams & { submissionId: string };

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function registerQuizRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;

  const lookUpQuiz = (request: FastifyRequest<{ Params: QuizParams }>) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    const quiz = state.quizzes.get(idParam(request.params.quizId));
    if (!quiz || quiz.courseId !== access.course.id) throw notFound();
    return { render, access, quiz };
  };

  const lookUpQuizSubmission = (request: FastifyRequest<{ Params: QuizSubmissionParams }>) => {
    const found = lookUpQuiz(request);
    const quizSubmission = state.quizSubmissions.get(idParam(request.params.submissionId));
    if (!quizSubmission || quizSubmission.quizId !== found.quiz.id) throw notFound();
    const isOwn = quizSubmission.userId === found.render.caller.id;
    requireAccess(isOwn || found.access.canViewAllGrades);
    return { ...found, quizSubmission };
  };

  /** Classic quizzes only, ordered by lock date (none last), title, id. */
  app.get<{ Params: CourseParams }>('/api/v1/courses/:courseId/quizzes', async (request, reply) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    const searchTerm = stringParam(context.query(request), 'search_term')?.toLowerCase();
    const quizzes = state
      .quizzesIn(access.course.id)
      .filter((quiz) => !searchTerm || quiz.title.toLowerCase().includes(searchTerm))
      .sort(byLockDateTitleId);
    return context.page(request, reply, quizzes).map((quiz) => quizJson(render, quiz, access));
  });

  app.get<{ Params: QuizParams }>('/api/v1/courses/:courseId/quizzes/:quizId', async (request) => {
    const { render, access, quiz } = lookUpQuiz(request);
    return quizJson(render, quiz, access);
  });

  /** Needs the quiz's `:update` right (a teacher); ordered by id. */
  app.get<{ Params: QuizParams }>('/api/v1/courses/:courseId/quizzes/:quizId/questions', async (request, reply) => {
    const { access, quiz } = lookUpQuiz(request);
    requireAccess(access.canManageContent);
    return context.page(request, reply, state.questionsOf(quiz.id)).map(quizQuestionJson);
  });

  /** An object, not an array: `{"quiz_submissions": [...]}`, with side-loaded includes. */
  app.get<{ Params: QuizParams }>('/api/v1/courses/:courseId/quizzes/:quizId/submissions', async (request, reply) => {
    const { render, access, quiz } = lookUpQuiz(request);
    const all = state.quizSubmissionsOf(quiz.id);
    const visible = access.canViewAllGrades ? all : all.filter((qs) => qs.userId === render.caller.id);
    const page = context.page(request, reply, visible);
    return envelope(page, context.includes(request));

    function envelope(items: DemoQuizSubmission[], includes: ReadonlySet<string>): Record<string, unknown> {
      const json: Record<string, unknown> = { quiz_submissions: items.map((qs) => quizSubmissionJson(render, qs)) };
      if (includes.has('user')) {
        json.users = items
          .map((qs) => state.users.get(qs.userId))
          .filter((u) => u !== undefined)
          .map((u) => userJson(render, u));
      }
      if (includes.has('submission')) {
        json.submissions = items.flatMap((qs) => {
          const submission = qs.submissionId === null ? undefined : state.submissions.get(qs.submissionId);
          const assignment = submission ? state.assignments.get(submission.assignmentId) : undefined;
          return submission && assignment ? [submissionJson(render, submission, assignment, access, new Set())] : [];
        });
      }
      if (includes.has('quiz')) json.quizzes = [quizJson(render, quiz, access)];
      if (includes.size > 0) json.meta = { primaryCollection: 'quiz_submissions' };
      return json;
    }
  });

  app.get<{ Params: QuizSubmissionParams }>(
    '/api/v1/courses/:courseId/quizzes/:quizId/submissions/:submissionId',
    async (request) => {
      const { render, quizSubmission } = lookUpQuizSubmission(request);
      return { quiz_submissions: [quizSubmissionJson(render, quizSubmission)] };
    },
  );

  /** Manual scoring: `{"quiz_submissions":[{"attempt":1,"fudge_points":0,"questions":{"18":{"score":4,"comment":"..."}}}]}`. */
  app.put<{ Params: QuizSubmissionParams }>(
    '/api/v1/courses/:courseId/quizzes/:quizId/submissions/:submissionId',
    async (request) => {
      const { render, access, quizSubmission } = lookUpQuizSubmission(request);
      if (!access.canManageGrades) {
        throw requestError(403, 'you are not allowed to update scores for this quiz submission');
      }
      updateQuizScores(state, quizSubmission, context.params(request).quiz_submissions, render.caller.id, render.now);
      return { quiz_submissions: [quizSubmissionJson(render, quizSubmission)] };
    },
  );

  /**
   * The questions of an attempt. For a finished attempt Canvas gives only `flagged` and `correct`,
   * never the answer; answers are read through the assignment's submission history instead.
   */
  app.get<{ Params: { quizSubmissionId: string } }>(
    '/api/v1/quiz_submissions/:quizSubmissionId/questions',
    async (request) => {
      const render = context.render(request);
      const quizSubmission = state.quizSubmissions.get(idParam(request.params.quizSubmissionId));
      const quiz = quizSubmission ? state.quizzes.get(quizSubmission.quizId) : undefined;
      if (!quizSubmission || !quiz) throw notFound();
      const access = courseAccess(state, render.caller.id, quiz.courseId);
      requireAccess(quizSubmission.userId === render.caller.id || access.canViewAllGrades);
      const isInProgress = quizSubmission.finishedAt === null;
      return {
        quiz_submission_questions: state.questionsOf(quiz.id).map((question) => {
          const result = quizSubmission.results.find((r) => r.questionId === question.id);
          return {
            ...quizQuestionJson(question),
            flagged: false,
            correct: result?.correct ?? 'undefined',
            ...(isInProgress ? { answer: result?.answerId ?? result?.text ?? null } : {}),
          };
        }),
      };
    },
  );
}

function byLockDateTitleId(a: DemoQuiz, b: DemoQuiz): number {
  const lock = (quiz: DemoQuiz) => quiz.lockAt ?? '\uffff';
  return lock(a).localeCompare(lock(b)) || collator.compare(a.title, b.title) || a.id - b.id;
}
