import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseDetailSchema, courseListSchema, needsGradingListSchema } from '@/shared/schemas/canvas';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import { getCourseDetail, parseCourseId } from './get-course-detail';
import { listCourses } from './list-courses';
import { listNeedsGrading } from './list-needs-grading';

const anyCourseIdParamsSchema = z.object({ courseId: z.string() });

export type CourseRoutesOptions = { authenticate: Authenticate; canvas: Pick<CanvasAccess, 'clientFor'> };

export const courseRoutes: FastifyPluginAsyncZod<CourseRoutesOptions> = async (app, { authenticate, canvas }) => {
  app.addHook('onRequest', authenticate);
  const canvasOf = (userId: string) => canvas.clientFor(userId);

  app.get('/courses', { schema: { response: { 200: courseListSchema } } }, async (request) => ({
    courses: await listCourses(await canvasOf(currentUser(request).id)),
  }));

  // Any text is accepted here so that /api/courses/abc is the same 404 as a course Canvas does not know.
  app.get(
    '/courses/:courseId',
    { schema: { params: anyCourseIdParamsSchema, response: { 200: courseDetailSchema } } },
    async (request) => {
      const courseId = parseCourseId(request.params.courseId);
      return getCourseDetail(await canvasOf(currentUser(request).id), courseId);
    },
  );

  app.get('/needs-grading', { schema: { response: { 200: needsGradingListSchema } } }, async (request) => ({
    assignments: await listNeedsGrading(await canvasOf(currentUser(request).id)),
  }));
};
