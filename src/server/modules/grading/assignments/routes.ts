import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignmentGradingViewSchema,
  attachmentRouteParamsSchema,
  batchDraftRequestSchema,
  draftJobSchema,
  draftRequestSchema,
  draftResponseSchema,
  gradingRouteParamsSchema,
  isPlaceholderSubmission,
  saveGradeRequestSchema,
  saveGradeResponseSchema,
  storedDraftsSchema,
  studentRouteParamsSchema,
} from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import type { GradingPluginOptions } from '../kernel/grading-kernel';
import { consumeDraftAllowance } from '../kernel/draft-rate-limit';
import { currentUser } from '@/server/modules/auth/authenticate';
import { getUsageSummary } from '@/server/modules/usage/get-usage-summary';
import { draftFeedback } from './draft-feedback';
import { startWholeClassDraft } from './draft-whole-class';
import { commentsFollowingPoints } from '@/shared/rubric-comments';
import { saveGrade } from '../kernel/save-grade';
import { bySortableName, toGradingAssignment, toGradingSubmission } from '../kernel/to-grading-view';
import { draftScope } from '../kernel/draft-scope';

export const assignmentGradingRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (
  app,
  { context, kernel },
) => {
  const { drafts, usage } = kernel;
  app.addHook('onRequest', context.authenticate);
  const wholeClassDeps = {
    drafts,
    queue: context.jobs.classDrafts,
    consumeAllowance: (userId: string, count: number) => consumeDraftAllowance(context.db, userId, count),
    async listSubmissions(userId: string, courseId: number, assignmentId: number) {
      return (await context.canvas.clientFor(userId)).client.listSubmissions(courseId, assignmentId);
    },
  };

  /**
   * The assignment and every submission (drafts need the class for style examples), and the course
   * only when a breadcrumb needs its name: one parallel round of Canvas requests.
   */
  async function loadAssignment(
    userId: string,
    courseId: number,
    assignmentId: number,
    options: { withCourse?: boolean } = {},
  ) {
    const canvas = await context.canvas.clientFor(userId);
    const [assignment, submissions, course] = await Promise.all([
      canvas.client.getAssignment(courseId, assignmentId),
      canvas.client.listSubmissions(courseId, assignmentId),
      options.withCourse ? canvas.client.getCourse(courseId) : null,
    ]);
    return { canvas, assignment, submissions, course };
  }

  app.get(
    '/',
    { schema: { params: gradingRouteParamsSchema, response: { 200: assignmentGradingViewSchema } } },
    async (request) => {
      const { courseId, assignmentId } = request.params;
      const { canvas, assignment, submissions, course } = await loadAssignment(
        currentUser(request).id,
        courseId,
        assignmentId,
        {
          withCourse: true,
        },
      );
      return {
        assignment: toGradingAssignment(assignment, course!, canvas.toPublicUrl),
        submissions: submissions.map(toGradingSubmission).sort(bySortableName),
      };
    },
  );

  app.get(
    '/drafts',
    { schema: { params: gradingRouteParamsSchema, response: { 200: storedDraftsSchema } } },
    async (request) => {
      const { id } = currentUser(request);
      const scope = draftScope({
        kind: 'assignment',
        courseId: request.params.courseId,
        assignmentId: request.params.assignmentId,
      });
      const [stored, job] = await Promise.all([drafts.list(id, scope), drafts.latestJob(id, scope)]);
      return { drafts: stored, job };
    },
  );

  app.post(
    '/drafts',
    { schema: { params: gradingRouteParamsSchema, body: draftRequestSchema, response: { 200: draftResponseSchema } } },
    async (request) => {
      const { id } = currentUser(request);
      const { courseId, assignmentId } = request.params;
      await consumeDraftAllowance(context.db, id);
      const { canvas, assignment, submissions } = await loadAssignment(id, courseId, assignmentId);
      const submission = submissions.find((candidate) => candidate.userId === request.body.userId);
      if (!submission) throw new AppError('NOT_FOUND', 'Submission not found');
      const response = await draftFeedback({
        engine: context.gradeDrafter,
        client: canvas.client,
        assignment,
        submission,
        classSubmissions: submissions,
        options: request.body.options,
      });
      await drafts.save(id, draftScope({ kind: 'assignment', courseId, assignmentId }), submission.userId, response);
      return response;
    },
  );

  app.post(
    '/drafts/batch',
    { schema: { params: gradingRouteParamsSchema, body: batchDraftRequestSchema, response: { 200: draftJobSchema } } },
    async (request) => {
      const { courseId, assignmentId } = request.params;
      return startWholeClassDraft(
        wholeClassDeps,
        currentUser(request).id,
        { courseId, assignmentId },
        request.body.options,
      );
    },
  );

  app.put(
    '/grades/:userId',
    {
      schema: {
        params: studentRouteParamsSchema,
        body: saveGradeRequestSchema,
        response: { 200: saveGradeResponseSchema },
      },
    },
    async (request) => {
      const teacher = currentUser(request);
      const { courseId, assignmentId, userId } = request.params;
      const canvas = await context.canvas.clientFor(teacher.id);
      const { submissionId, ...approved } = request.body;
      if (isPlaceholderSubmission(submissionId)) {
        throw new AppError('VALIDATION', "Cannot grade students who haven't submitted anything yet");
      }
      const scope = draftScope({ kind: 'assignment', courseId, assignmentId });
      // A drafted rubric comment never goes out beside points it does not argue for.
      const stored = await drafts.get(teacher.id, scope, userId);
      const rubricAssessment = approved.rubricAssessment
        ? commentsFollowingPoints(approved.rubricAssessment, stored?.draft.rubricAssessment).assessment
        : null;
      const saved = await saveGrade(
        { client: canvas.client, usage, audit: context.audit },
        teacher,
        { courseId, assignmentId, userId },
        { ...approved, rubricAssessment },
      );
      // The draft has served its purpose once the grade is in Canvas.
      await drafts.remove(teacher.id, scope, userId);
      const { summary } = await getUsageSummary(usage, teacher.id);
      return { submission: toGradingSubmission(saved.submission), usage: summary, stored: saved.stored };
    },
  );

  app.get(
    '/students/:userId/attachments/:attachmentId',
    { schema: { params: attachmentRouteParamsSchema } },
    async (request, reply) => {
      const { courseId, assignmentId, userId, attachmentId } = request.params;
      const canvas = await context.canvas.clientFor(currentUser(request).id);
      const submission = await canvas.client.getSubmission(courseId, assignmentId, userId);
      const attachment = submission.attachments.find((candidate) => candidate.id === attachmentId);
      if (!attachment) throw new AppError('NOT_FOUND', 'That file is not part of this submission.');
      const download = await canvas.client.downloadAttachment(attachment.url);
      const filename = (attachment.displayName || attachment.filename).replace(/[^\w.\- ]+/g, '_');
      return reply
        .header('content-type', attachment.contentType || download.contentType || 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(download.bytes));
    },
  );
};
