import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseDetailSchema, courseIdParamsSchema, courseListSchema, needsGradingListSchema } from '@/shared/schemas/canvas';
import type { AppContext } from '@/server/app-context';
import { currentUser } from '@/server/modules/auth/authenticate';
import { getCourseDetail } from './get-course-detail';
import { listCourses } from './list-courses';
import { listNeedsGrading } from './list-needs-grading';

export const courseRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRequest', context.authenticate);
  const canvasOf = (userId: string) => context.canvas.clientFor(userId);

  app.get('/courses', { schema: { response: { 200: courseListSchema } } }, async (request) => ({
    courses: await listCourses(await canvasOf(currentUser(request).id)),
  }));

  app.get('/courses/:courseId', { schema: { params: courseIdParamsSchema, response: { 200: courseDetailSchema } } }, async (request) =>
    getCourseDetail(await canvasOf(currentUser(request).id), request.params.courseId),
  );

  app.get('/needs-grading', { schema: { response: { 200: needsGradingListSchema } } }, async (request) => ({
    assignments: await listNeedsGrading(await canvasOf(currentUser(request).id)),
  }));
};
