import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  discussionGradingViewSchema,
  discussionRouteParamsSchema,
  discussionStudentParamsSchema,
  saveDiscussionGradeRequestSchema,
  saveDiscussionGradeResponseSchema,
  UNGRADED_DISCUSSION_MESSAGE,
} from '@/shared/schemas/discussion-grading';
import { draftRequestSchema, draftResponseSchema, storedDraftsSchema } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import type { GradingPluginOptions } from '../kernel/grading-kernel';
import { consumeDraftAllowance } from '../kernel/draft-rate-limit';
import { currentUser } from '@/server/modules/auth/authenticate';
import { getUsageSummary } from '@/server/modules/usage/get-usage-summary';
import { draftDiscussionFeedback } from './draft-discussion-feedback';
import { loadDiscussion } from './load-discussion';
import { saveDiscussionGrade } from './save-discussion-grade';
import { toDiscussionGradingView } from './to-discussion-view';
import { commentsFollowingPoints } from '@/shared/rubric-comments';
import { draftScope } from '../kernel/draft-scope';

/** Discussion grading, under /api/grading/courses/:courseId/discussions/:discussionId. */
export const discussionGradingRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (
  app,
  { context, kernel },
) => {
  const { drafts, usage } = kernel;
  app.addHook('onRequest', context.authenticate);

  async function loadView(userId: string, courseId: number, topicId: number) {
    const canvas = await context.canvas.clientFor(userId);
    const loaded = await loadDiscussion(canvas.client, courseId, topicId);
    return { loaded, view: toDiscussionGradingView(loaded, canvas.toPublicUrl) };
  }

  app.get(
    '/',
    { schema: { params: discussionRouteParamsSchema, response: { 200: discussionGradingViewSchema } } },
    async (request) => {
      const { courseId, discussionId } = request.params;
      return (await loadView(currentUser(request).id, courseId, discussionId)).view;
    },
  );

  app.get(
    '/drafts',
    { schema: { params: discussionRouteParamsSchema, response: { 200: storedDraftsSchema } } },
    async (request) => {
      const { courseId, discussionId } = request.params;
      return {
        drafts: await drafts.list(
          currentUser(request).id,
          draftScope({ kind: 'discussion', courseId, topicId: discussionId }),
        ),
        job: null,
      };
    },
  );

  app.post(
    '/drafts',
    {
      schema: { params: discussionRouteParamsSchema, body: draftRequestSchema, response: { 200: draftResponseSchema } },
    },
    async (request) => {
      const { id } = currentUser(request);
      const { courseId, discussionId } = request.params;
      await consumeDraftAllowance(context.db, id);
      const { loaded, view } = await loadView(id, courseId, discussionId);
      if (!view.discussion.is_graded)
        throw new AppError('VALIDATION', UNGRADED_DISCUSSION_MESSAGE, { details: { reason: 'ungraded_discussion' } });
      const student = view.students.find((candidate) => candidate.user.id === request.body.userId);
      if (!student) throw new AppError('NOT_FOUND', 'That student is not part of this discussion.');
      const otherNames = [
        ...view.students
          .filter((other) => other.user.id !== student.user.id)
          .flatMap((other) => [other.user.name, other.user.sortable_name]),
        ...loaded.view.participants
          .filter((participant) => participant.id !== student.user.id)
          .map((participant) => participant.displayName),
      ];
      const response = await draftDiscussionFeedback({
        engine: context.gradeDrafter,
        discussion: view.discussion,
        student,
        otherNames: [...new Set(otherNames)],
        classmates: view.students,
        options: request.body.options,
      });
      await drafts.save(
        id,
        draftScope({ kind: 'discussion', courseId, topicId: discussionId }),
        student.user.id,
        response,
      );
      return response;
    },
  );

  app.put(
    '/grades/:userId',
    {
      schema: {
        params: discussionStudentParamsSchema,
        body: saveDiscussionGradeRequestSchema,
        response: { 200: saveDiscussionGradeResponseSchema },
      },
    },
    async (request) => {
      const teacher = currentUser(request);
      const { courseId, discussionId, userId } = request.params;
      const canvas = await context.canvas.clientFor(teacher.id);
      const scope = draftScope({ kind: 'discussion', courseId, topicId: discussionId });
      // A drafted rubric comment never goes out beside points it does not argue for.
      const draft = await drafts.get(teacher.id, scope, userId);
      const rubricAssessment = request.body.rubricAssessment
        ? commentsFollowingPoints(request.body.rubricAssessment, draft?.draft.rubricAssessment).assessment
        : null;
      const { grade, stored } = await saveDiscussionGrade(
        { client: canvas.client, usage, audit: context.audit },
        teacher,
        { courseId, topicId: discussionId, userId },
        { ...request.body, rubricAssessment },
      );
      // The draft has served its purpose once the grade is in Canvas.
      const [, { summary }] = await Promise.all([
        drafts.remove(teacher.id, scope, userId),
        getUsageSummary(usage, teacher.id),
      ]);
      return { user_id: userId, grade, usage: summary, stored };
    },
  );
};
