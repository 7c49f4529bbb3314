import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignmentGradingViewSchema,
  attachmentRouteParamsSchema,
  batchDraftRequestSchema,
  draftJobSchema,
  draftRequestSchema,
  draftResponseSchema,
  gradingRouteParamsSchema,
  saveGradeRequestSchema,
  saveGradeResponseSchema,
  storedDraftsSchema,
  storedDraftsQuerySchema,
  studentRouteParamsSchema,
  undoGradeResponseSchema,
} from '@/shared/schemas/grading';
import { gradingChoicesSchema } from '@/shared/schemas/ai';
import { currentUser } from '@/server/modules/auth/authenticate';
import type { GradingPluginOptions } from '../kernel/grading-dependencies';
import { listStoredDrafts } from '../kernel/list-stored-drafts';
import { draftScope } from '../kernel/draft-scope';
import { readGradingChoices, saveGradingChoices } from '../kernel/grading-choices';
import { draftAssignmentStudent } from './draft-feedback';
import { startWholeClassDraft } from './draft-whole-class';
import { loadAssignmentView, loadAttachment } from './load-assignment';
import { undoAssignmentGrade } from './undo-assignment-grade';
import { saveAssignmentGrade } from './save-assignment-grade';

/** Assignment grading, under /api/grading/courses/:courseId/assignments/:assignmentId. */
export const assignmentGradingRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (
  app,
  { dependencies: deps },
) => {
  app.addHook('onRequest', deps.authenticate);

  app.get(
    '/',
    { schema: { params: gradingRouteParamsSchema, response: { 200: assignmentGradingViewSchema } } },
    async (request) => loadAssignmentView(deps.canvas, currentUser(request).id, request.params),
  );

  app.get(
    '/drafts',
    {
      schema: {
        params: gradingRouteParamsSchema,
        querystring: storedDraftsQuerySchema,
        response: { 200: storedDraftsSchema },
      },
    },
    async (request) => {
      const { courseId, assignmentId } = request.params;
      const { since } = request.query;
      return listStoredDrafts(
        deps.drafts,
        currentUser(request).id,
        { kind: 'assignment', courseId, assignmentId },
        since ? new Date(since) : undefined,
      );
    },
  );

  app.post(
    '/drafts',
    { schema: { params: gradingRouteParamsSchema, body: draftRequestSchema, response: { 200: draftResponseSchema } } },
    async (request) =>
      draftAssignmentStudent(
        deps,
        currentUser(request).id,
        { ...request.params, userId: request.body.userId },
        request.body.options,
      ),
  );

  app.get(
    '/choices',
    { schema: { params: gradingRouteParamsSchema, response: { 200: gradingChoicesSchema } } },
    async (request) =>
      readGradingChoices(deps.db, currentUser(request).id, draftScope({ kind: 'assignment', ...request.params })),
  );

  app.put(
    '/choices',
    {
      schema: { params: gradingRouteParamsSchema, body: gradingChoicesSchema, response: { 200: gradingChoicesSchema } },
    },
    async (request) =>
      saveGradingChoices(
        deps.db,
        currentUser(request).id,
        draftScope({ kind: 'assignment', ...request.params }),
        request.body,
      ),
  );

  app.post(
    '/drafts/batch',
    { schema: { params: gradingRouteParamsSchema, body: batchDraftRequestSchema, response: { 200: draftJobSchema } } },
    async (request) => startWholeClassDraft(deps, currentUser(request).id, request.params, request.body.options),
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
    async (request) => saveAssignmentGrade(deps, currentUser(request), request.params, request.body),
  );

  app.post(
    '/grades/:userId/undo',
    { schema: { params: studentRouteParamsSchema, response: { 200: undoGradeResponseSchema } } },
    async (request) => undoAssignmentGrade(deps, currentUser(request), request.params),
  );

  app.get(
    '/students/:userId/attachments/:attachmentId',
    { schema: { params: attachmentRouteParamsSchema } },
    async (request, reply) => {
      const { download, filename, contentType } = await loadAttachment(
        deps.canvas,
        currentUser(request).id,
        request.params,
      );
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(download.bytes));
    },
  );
};
