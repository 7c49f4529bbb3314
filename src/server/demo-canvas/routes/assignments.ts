import type { FastifyInstance } from 'fastify';
import type { DemoAssignment } from '../model';
import { courseAccess } from '../domain/permissions';
import { ASSIGNMENT_BUCKETS, isAssignmentBucket, isInBucket } from '../domain/assignment-buckets';
import { badRequest, notFound } from '../http/canvas-errors';
import { idParam, listParam, stringParam } from '../http/params';
import { assignmentJson } from '../serializers/assignment-and-topic';
import type { DemoRouteContext } from './route-context';

const MAX_ASSIGNMENT_IDS = 100;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function registerAssignmentRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;

  app.get<{ Params: { courseId: string } }>('/api/v1/courses/:courseId/assignments', async (request, reply) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    const query = context.query(request);
    let assignments = state.assignmentsIn(access.course.id);

    const requestedIds = listParam(query, 'assignment_ids');
    if (requestedIds.length > MAX_ASSIGNMENT_IDS) {
      throw badRequest({ message: `Request contains too many assignment_ids.  Limit ${MAX_ASSIGNMENT_IDS}` });
    }
    if (requestedIds.length > 0) {
      const known = new Set(assignments.map((a) => String(a.id)));
      const invalid = requestedIds.filter((id) => !known.has(id));
      if (invalid.length > 0) throw badRequest({ message: `Invalid assignment_ids: ${invalid.join(',')}` });
      assignments = assignments.filter((a) => requestedIds.includes(String(a.id)));
    }

    const searchTerm = stringParam(query, 'search_term')?.toLowerCase();
    if (searchTerm) assignments = assignments.filter((a) => a.name.toLowerCase().includes(searchTerm));

    const bucket = stringParam(query, 'bucket');
    if (bucket !== undefined) {
      if (!isAssignmentBucket(bucket)) {
        const message = `bucket name must be one of the following: ${ASSIGNMENT_BUCKETS.join(', ')}`;
        throw badRequest({ errors: { bucket: [{ attribute: 'bucket', type: message, message }] } });
      }
      const studentIds = state.studentIdsIn(access.course.id);
      assignments = assignments.filter((assignment) => {
        const submissions = studentIds
          .map((id) => state.submissionOf(assignment.id, id))
          .filter((s) => s !== undefined);
        return isInBucket(bucket, assignment, submissions, render.now);
      });
    }

    const ordered = sortAssignments(assignments, stringParam(query, 'order_by'));
    return context
      .page(request, reply, ordered)
      .map((assignment) => assignmentJson(render, assignment, access, bucket ? { bucket } : {}));
  });

  app.get<{ Params: { courseId: string; assignmentId: string } }>(
    '/api/v1/courses/:courseId/assignments/:assignmentId',
    async (request) => {
      const render = context.render(request);
      const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
      const assignment = state.assignments.get(idParam(request.params.assignmentId));
      if (!assignment || assignment.courseId !== access.course.id) throw notFound();
      return assignmentJson(render, assignment, access);
    },
  );

  /** `OutcomesApiController#show`: an outcome a rubric row is linked to, with its mastery points. */
  app.get<{ Params: { outcomeId: string } }>('/api/v1/outcomes/:outcomeId', async (request) => {
    context.callerOf(request);
    const outcome = state.outcomes.get(idParam(request.params.outcomeId));
    if (!outcome) throw notFound();
    return {
      id: outcome.id,
      context_type: 'Course',
      title: outcome.title,
      display_name: outcome.title,
      description: outcome.description,
      vendor_guid: outcome.vendorGuid,
      points_possible: outcome.pointsPossible,
      mastery_points: outcome.masteryPoints,
      calculation_method: 'highest',
      ratings: outcome.ratings,
      can_edit: true,
      has_updateable_rubrics: false,
    };
  });
}

/** Canvas orders by group position, position, id; `order_by=name` and `order_by=due_at` change the lead key. */
function sortAssignments(assignments: DemoAssignment[], orderBy: string | undefined): DemoAssignment[] {
  const byPosition = (a: DemoAssignment, b: DemoAssignment) =>
    a.assignmentGroupId - b.assignmentGroupId || a.position - b.position || a.id - b.id;
  const byName = (a: DemoAssignment, b: DemoAssignment) => collator.compare(a.name, b.name);
  const byDueAt = (a: DemoAssignment, b: DemoAssignment) =>
    (a.dueAt === null ? 1 : 0) - (b.dueAt === null ? 1 : 0) || (a.dueAt ?? '').localeCompare(b.dueAt ?? '');
  const sorted = [...assignments];
  if (orderBy === 'name') return sorted.sort((a, b) => byName(a, b) || byPosition(a, b));
  if (orderBy === 'due_at') return sorted.sort((a, b) => byDueAt(a, b) || byName(a, b) || byPosition(a, b));
  return sorted.sort(byPosition);
}
