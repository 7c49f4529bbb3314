import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DemoCourse, DemoEnrollment } from '../model';
import { courseAccess } from '../domain/permissions';
import { listParam, idParam, stringParam } from '../http/params';
import { courseJson, favoriteCourseIdsOf } from '../serializers/courses';
import type { DemoRouteContext } from './route-context';
import { latePolicyJson } from '../domain/late-policy';
import { notFound } from '../http/canvas-errors';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byDisplayName = (a: DemoCourse, b: DemoCourse) => collator.compare(a.name, b.name) || a.id - b.id;

export function registerCourseRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;

  /** The caller's courses, one entry per course, ordered by name and paginated over courses. */
  app.get('/api/v1/courses', async (request, reply) => {
    const render = context.render(request);
    const courses = coursesForUser(request, context);
    const includes = context.includes(request);
    return context.page(request, reply, courses).map((course) => courseJson(render, course, includes));
  });

  /** Favourites are not paginated in Canvas (no `Api.paginate`, so no Link header). */
  app.get<{ Params: { userId: string } }>('/api/v1/users/:userId/favorites/courses', async (request) => {
    const render = context.render(request);
    const enrolledIds = new Set(state.enrollmentsOfUser(render.caller.id).map((e) => e.courseId));
    const includes = context.includes(request);
    return favoriteCourseIdsOf(render)
      .filter((id) => enrolledIds.has(id))
      .map((id) => state.courses.get(id))
      .filter((course) => course !== undefined)
      .sort(byDisplayName)
      .map((course) => courseJson(render, course, includes));
  });

  app.get<{ Params: { courseId: string } }>('/api/v1/courses/:courseId', async (request) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    return courseJson(render, access.course, context.includes(request));
  });

  /** The course's late policy; 404 when the course has none (Late Policy API). */
  app.get<{ Params: { courseId: string } }>('/api/v1/courses/:courseId/late_policy', async (request) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    const policy = access.course.latePolicy;
    if (!policy) throw notFound();
    return { late_policy: latePolicyJson(access.course.id, policy) };
  });
}

/** `courses_for_user` with the `enrollment_type`, `enrollment_state` and `state[]` filters. */
function coursesForUser(request: FastifyRequest, context: DemoRouteContext): DemoCourse[] {
  const { state } = context;
  const query = context.query(request);
  const caller = context.callerOf(request);
  let enrollments = state.enrollmentsOfUser(caller.id);

  const enrollmentType = stringParam(query, 'enrollment_type');
  const hasRoleFilter =
    stringParam(query, 'enrollment_role') !== undefined || stringParam(query, 'enrollment_role_id') !== undefined;
  if (enrollmentType && !hasRoleFilter) enrollments = enrollments.filter((e) => e.type === enrollmentType);

  const enrollmentState = stringParam(query, 'enrollment_state');
  if (enrollmentState) enrollments = enrollments.filter((e) => matchesEnrollmentState(e, enrollmentState));

  const requestedStates = new Set(listParam(query, 'state'));
  const byCourse = new Map<number, DemoEnrollment[]>();
  for (const enrollment of enrollments)
    byCourse.set(enrollment.courseId, [...(byCourse.get(enrollment.courseId) ?? []), enrollment]);

  const courses: DemoCourse[] = [];
  for (const [courseId, courseEnrollments] of byCourse) {
    const course = state.courses.get(courseId);
    if (!course) continue;
    if (requestedStates.size > 0) {
      if (!requestedStates.has(course.workflowState)) continue;
    } else {
      // Canvas's default: only available courses for students and observers, everything but deleted otherwise.
      const isLearnerOnly = courseEnrollments.every((e) => e.type === 'student' || e.type === 'observer');
      if (isLearnerOnly && course.workflowState !== 'available') continue;
    }
    courses.push(course);
  }
  return courses.sort(byDisplayName);
}

function matchesEnrollmentState(enrollment: DemoEnrollment, wanted: string): boolean {
  switch (wanted) {
    case 'active':
      return enrollment.state === 'active';
    case 'invited_or_pending':
      return enrollment.state === 'invited';
    case 'completed':
      return enrollment.state === 'completed';
    default:
      return true;
  }
}
