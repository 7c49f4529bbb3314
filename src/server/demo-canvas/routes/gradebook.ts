import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DemoAssignment, DemoEnrollment, DemoSubmission } from '../model';
import type { DemoCanvasState } from '../state';
import { courseAccess, requireAccess, type CourseAccess } from '../domain/permissions';
import { findOrCreateSubmission } from '../domain/submission-rows';
import { CanvasHttpError, badRequest, notFound } from '../http/canvas-errors';
import { idParam, listParam, perPageOf, stringParam, type Params } from '../http/params';
import { toQuery } from '../http/pagination';
import { assignmentJson } from '../serializers/assignment-and-topic';
import { submissionJson } from '../serializers/submissions';
import { userJson } from '../serializers/users';
import type { RenderContext } from '../serializers/render-context';
import type { DemoRouteContext } from './route-context';

const MAX_STUDENT_IDS = 100;

/**
 * The gradebook reads: assignment groups (with their assignments), enrollments with the students'
 * current scores, and `students/submissions`, every student's submissions across assignments in
 * one paginated list (bookmark pages, as Canvas pages it).
 */
export function registerGradebookRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;
  const canReadGrades = (access: CourseAccess) => access.canManageGrades || access.canViewAllGrades;

  app.get<{ Params: { courseId: string } }>('/api/v1/courses/:courseId/assignment_groups', async (request, reply) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    const includes = context.includes(request);
    const assignments = state.assignmentsIn(access.course.id);
    const groups = [...new Set(assignments.map((a) => a.assignmentGroupId))]
      .map((id) => state.assignmentGroups.get(id) ?? { id, name: 'Assignments', position: id, groupWeight: 0 })
      .sort((a, b) => a.position - b.position || a.id - b.id);
    return context.page(request, reply, groups).map((group) => ({
      id: group.id,
      name: group.name,
      position: group.position,
      group_weight: group.groupWeight,
      sis_source_id: null,
      integration_data: {},
      rules: {},
      ...(includes.has('assignments')
        ? {
            assignments: assignments
              .filter((a) => a.assignmentGroupId === group.id && (a.published || access.canManageContent))
              .sort((a, b) => a.position - b.position || a.id - b.id)
              .map((assignment) => assignmentJson(render, assignment, access)),
          }
        : {}),
    }));
  });

  app.get<{ Params: { courseId: string } }>('/api/v1/courses/:courseId/enrollments', async (request, reply) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    const query = context.query(request);
    const types = listParam(query, 'type').map(enrollmentTypeOf);
    const states = listParam(query, 'state');
    const wantedStates = states.length > 0 ? states : ['active', 'invited'];
    const enrollments = state
      .enrollmentsInCourse(access.course.id)
      .filter((e) => types.length === 0 || types.includes(e.type))
      .filter((e) => wantedStates.includes(canvasEnrollmentState(e)))
      .sort((a, b) => a.id - b.id);
    return context
      .page(request, reply, enrollments)
      .map((enrollment) => enrollmentJson(render, enrollment, canReadGrades(access)));
  });

  app.get<{ Params: { courseId: string } }>(
    '/api/v1/courses/:courseId/students/submissions',
    async (request, reply) => {
      const render = context.render(request);
      const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
      requireAccess(canReadGrades(access));
      const query = context.query(request);
      const courseStudents = state.studentIdsIn(access.course.id);
      const studentIds = studentsAsked(listParam(query, 'student_ids'), courseStudents);
      const assignments = assignmentsAsked(state, access, listParam(query, 'assignment_ids'));
      const includes = context.includes(request);
      const rows: DemoSubmission[] = [];
      for (const assignment of assignments)
        for (const userId of studentIds) rows.push(findOrCreateSubmission(state, assignment, userId));
      rows.sort((a, b) => a.id - b.id);
      const page = bookmarkPage(reply, context.endpointUrl(request), query, rows);
      return page.map((submission) => {
        const assignment = state.assignments.get(submission.assignmentId) as DemoAssignment;
        return submissionJson(render, submission, assignment, access, includes);
      });
    },
  );
}

function enrollmentTypeOf(type: string): DemoEnrollment['type'] {
  const plain = type.replace(/Enrollment$/, '').toLowerCase();
  return plain === 'ta' ? 'ta' : (plain as DemoEnrollment['type']);
}

function canvasEnrollmentState(enrollment: DemoEnrollment): string {
  return enrollment.state;
}

function enrollmentJson(context: RenderContext, enrollment: DemoEnrollment, withGrades: boolean) {
  const { state, baseUrl } = context;
  const user = state.users.get(enrollment.userId);
  const type = `${enrollment.type === 'ta' ? 'Ta' : enrollment.type[0]?.toUpperCase() + enrollment.type.slice(1)}Enrollment`;
  return {
    id: enrollment.id,
    course_id: enrollment.courseId,
    user_id: enrollment.userId,
    type,
    role: type,
    enrollment_state: enrollment.state,
    course_section_id: enrollment.courseId,
    html_url: `${baseUrl}/courses/${enrollment.courseId}/users/${enrollment.userId}`,
    ...(enrollment.type === 'student' && withGrades ? { grades: gradesOf(context, enrollment) } : {}),
    ...(user ? { user: userJson(context, user) } : {}),
  };
}

/** Canvas's current score: points earned over points possible of the graded, not excused, published assignments. */
function gradesOf(context: RenderContext, enrollment: DemoEnrollment) {
  const { state, baseUrl } = context;
  let earned = 0;
  let possible = 0;
  for (const assignment of state.assignmentsIn(enrollment.courseId)) {
    if (!assignment.published || assignment.gradingType === 'not_graded') continue;
    const submission = state.submissionOf(assignment.id, enrollment.userId);
    if (!submission || submission.excused || submission.score === null) continue;
    earned += submission.score;
    possible += assignment.pointsPossible;
  }
  const currentScore = possible > 0 ? Math.round((earned / possible) * 10000) / 100 : null;
  return {
    html_url: `${baseUrl}/courses/${enrollment.courseId}/grades/${enrollment.userId}`,
    current_score: currentScore,
    final_score: currentScore,
    current_grade: null,
    final_grade: null,
  };
}

function studentsAsked(asked: string[], courseStudents: number[]): number[] {
  if (asked.includes('all')) return courseStudents;
  if (asked.length > MAX_STUDENT_IDS) throw badRequest({ error: 'too many students' });
  const ids = asked.map((id) => idParam(id));
  if (ids.some((id) => !courseStudents.includes(id))) throw new CanvasHttpError(403, { status: 'unauthorized' });
  // With no student_ids Canvas answers for the caller; a teacher has no submissions of her own.
  return ids;
}

function assignmentsAsked(state: DemoCanvasState, access: CourseAccess, asked: string[]): DemoAssignment[] {
  const published = state.assignmentsIn(access.course.id).filter((a) => a.published);
  if (asked.length === 0) return published;
  const byId = new Map(published.map((a) => [String(a.id), a]));
  const chosen = asked.map((id) => byId.get(id));
  if (chosen.some((a) => a === undefined))
    throw new CanvasHttpError(403, { error: 'invalid assignment ids requested' });
  return chosen as DemoAssignment[];
}

/**
 * Bookmark pagination: `page=bookmark:<base64 JSON of the last id>`, `first` and `next` links
 * only (no `last`); clients must follow `next` as given.
 */
function bookmarkPage(
  reply: FastifyReply,
  endpointUrl: string,
  query: Params,
  rows: DemoSubmission[],
): DemoSubmission[] {
  const perPage = perPageOf(query);
  const token = stringParam(query, 'page');
  let afterId = 0;
  if (token !== undefined && token !== 'first') {
    const decoded = /^bookmark:(.+)$/.exec(token)?.[1];
    const parsed = decoded ? Number(Buffer.from(decoded, 'base64url').toString('utf8')) : NaN;
    if (!Number.isSafeInteger(parsed)) throw notFound();
    afterId = parsed;
  }
  const remaining = rows.filter((row) => row.id > afterId);
  const items = remaining.slice(0, perPage);
  const carried = toQuery(query);
  const link = (page: string) => `${endpointUrl}?${carried ? `${carried}&` : ''}page=${page}&per_page=${perPage}`;
  const links = [`<${link(token ?? 'first')}>; rel="current"`];
  const last = items[items.length - 1];
  if (remaining.length > perPage && last) {
    const bookmark = `bookmark:${Buffer.from(JSON.stringify(last.id)).toString('base64url')}`;
    links.push(`<${link(encodeURIComponent(bookmark))}>; rel="next"`);
  }
  links.push(`<${link('first')}>; rel="first"`);
  void reply.header('link', links.join(','));
  return items;
}
