import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsQuerySchema,
  courseAnalyticsSchema,
  courseStudentsSchema,
  studentRecordSchema,
} from '@/shared/schemas/insights';
import { AppError } from '@/server/core/app-error';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import type { InsightsCache } from './insights-cache';
import { COURSE_NOT_FOUND, readCourseSnapshot } from './read-course-snapshot';
import { computeCourseAnalytics } from './compute-course-analytics';
import { computeCourseStudents } from './compute-course-students';
import { computeStudentRecord, STUDENT_NOT_FOUND } from './compute-student-record';

export type InsightsRoutesOptions = {
  authenticate: Authenticate;
  canvas: Pick<CanvasAccess, 'clientFor'>;
  cache: InsightsCache;
};

// Any text is accepted, so that a malformed id is the same 404 as an unknown one.
const courseParams = z.object({ courseId: z.string() });
const studentParams = z.object({ courseId: z.string(), studentId: z.string() });
const refreshQuery = z.strictObject({ fresh: z.literal('1').optional() });

function idOf(text: string, message: string): number {
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new AppError('NOT_FOUND', message);
  return Number(text);
}

/** The Students and Analytics tabs: figures computed from Canvas, held in memory a short time. */
export const insightsRoutes: FastifyPluginAsyncZod<InsightsRoutesOptions> = async (
  app,
  { authenticate, canvas, cache },
) => {
  app.addHook('onRequest', authenticate);

  const snapshotFor = async (teacherId: string, courseId: number, fresh: boolean) => {
    if (fresh) cache.forget(teacherId, courseId);
    return cache.get(teacherId, courseId, async () => readCourseSnapshot(await canvas.clientFor(teacherId), courseId));
  };

  app.get(
    '/courses/:courseId/analytics',
    {
      schema: {
        params: courseParams,
        querystring: analyticsQuerySchema,
        response: { 200: courseAnalyticsSchema },
      },
    },
    async (request) => {
      const courseId = idOf(request.params.courseId, COURSE_NOT_FOUND);
      const { fresh, ...filter } = request.query;
      const snapshot = await snapshotFor(currentUser(request).id, courseId, fresh === '1');
      return computeCourseAnalytics(snapshot, filter, new Date());
    },
  );

  app.get(
    '/courses/:courseId/students',
    { schema: { params: courseParams, querystring: refreshQuery, response: { 200: courseStudentsSchema } } },
    async (request) => {
      const courseId = idOf(request.params.courseId, COURSE_NOT_FOUND);
      const snapshot = await snapshotFor(currentUser(request).id, courseId, request.query.fresh === '1');
      return computeCourseStudents(snapshot);
    },
  );

  app.get(
    '/courses/:courseId/students/:studentId',
    { schema: { params: studentParams, response: { 200: studentRecordSchema } } },
    async (request) => {
      const courseId = idOf(request.params.courseId, COURSE_NOT_FOUND);
      const studentId = idOf(request.params.studentId, STUDENT_NOT_FOUND);
      const snapshot = await snapshotFor(currentUser(request).id, courseId, false);
      return computeStudentRecord(snapshot, studentId, new Date());
    },
  );
};
