import type { FastifyInstance, FastifyRequest } from 'fastify';
import { courseAccess, requireAccess, type CourseAccess } from '../domain/permissions';
import { findOrCreateSubmission } from '../domain/submission-rows';
import { anonymizesStudents, anonymousIdOf } from '../domain/anonymous-ids';
import type { DemoAssignment, DemoSubmission } from '../model';
import { gradeSubmission } from '../domain/grade-submission';
import { prepareAttachments } from '../files/attachment-files';
import { notFound, unauthorizedAction } from '../http/canvas-errors';
import { idParam, objectParam, stringParam } from '../http/params';
import { submissionCommentJson, submissionJson } from '../serializers/submissions';
import type { DemoRouteContext } from './route-context';

type AssignmentParams = { courseId: string; assignmentId: string };
type StudentParams = AssignmentParams & { userId: string };
type AnonymousParams = AssignmentParams & { anonymousId: string };

export function registerSubmissionRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;

  /** The course must be readable and the assignment in it; Canvas checks rights before the assignment. */
  const lookUp = (
    request: FastifyRequest<{ Params: AssignmentParams }>,
    rightsCheck: (access: CourseAccess) => boolean,
  ) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    requireAccess(rightsCheck(access));
    const assignment = state.assignments.get(idParam(request.params.assignmentId));
    if (!assignment || assignment.courseId !== access.course.id) throw notFound();
    return { render, access, assignment };
  };
  const canReadGrades = (access: CourseAccess) => access.canManageGrades || access.canViewAllGrades;

  /** Every assigned student has a row (unsubmitted ones too), ordered by user id. */
  app.get<{ Params: AssignmentParams }>(
    '/api/v1/courses/:courseId/assignments/:assignmentId/submissions',
    async (request, reply) => {
      const { render, access, assignment } = lookUp(request, canReadGrades);
      const includes = context.includes(request);
      const rows = state
        .studentIdsIn(access.course.id)
        .map((userId) => findOrCreateSubmission(state, assignment, userId));
      // `include[]=visibility` switches Canvas to a batch path that returns every row unpaginated.
      const page = includes.has('visibility') ? rows : context.page(request, reply, rows);
      await prepareAttachments(
        state,
        page.flatMap((s) => s.attachmentIds),
      );
      return page.map((submission) => submissionJson(render, submission, assignment, access, includes));
    },
  );

  app.get<{ Params: StudentParams }>(
    '/api/v1/courses/:courseId/assignments/:assignmentId/submissions/:userId',
    async (request) => {
      const { render, access, assignment } = lookUp(request, canReadGrades);
      // Canvas hides an anonymised student's user id from graders: reading by it is refused.
      if (anonymizesStudents(assignment)) throw unauthorizedAction();
      const userId = studentIdOf(request.params.userId, access.course.id);
      const submission = findOrCreateSubmission(state, assignment, userId);
      await prepareAttachments(state, submission.attachmentIds);
      return submissionJson(render, submission, assignment, access, context.includes(request));
    },
  );

  /** A submission of an anonymised assignment, by its anonymous id (Submissions API, anonymous_submissions). */
  app.get<{ Params: AnonymousParams }>(
    '/api/v1/courses/:courseId/assignments/:assignmentId/anonymous_submissions/:anonymousId',
    async (request) => {
      const { render, access, assignment } = lookUp(request, canReadGrades);
      const submission = anonymousSubmissionOf(request.params.anonymousId, access.course.id, assignment);
      await prepareAttachments(state, submission.attachmentIds);
      return submissionJson(render, submission, assignment, access, context.includes(request));
    },
  );

  /** Grade, comment and rubric assessment (form-encoded or JSON). */
  app.put<{ Params: StudentParams }>(
    '/api/v1/courses/:courseId/assignments/:assignmentId/submissions/:userId',
    async (request) =>
      gradeOne(request, (access, assignment) => {
        // An anonymised assignment is graded by anonymous id only: Canvas refuses the user id.
        if (anonymizesStudents(assignment)) throw unauthorizedAction();
        return findOrCreateSubmission(state, assignment, studentIdOf(request.params.userId, access.course.id));
      }),
  );

  /** Grade, comment and rubric assessment by anonymous id, on an anonymised assignment. */
  app.put<{ Params: AnonymousParams }>(
    '/api/v1/courses/:courseId/assignments/:assignmentId/anonymous_submissions/:anonymousId',
    async (request) =>
      gradeOne(request, (access, assignment) =>
        anonymousSubmissionOf(request.params.anonymousId, access.course.id, assignment),
      ),
  );

  /** The grade PUT of either path: `submissionOf` finds the submission (or refuses) once the assignment is known. */
  async function gradeOne(
    request: FastifyRequest<{ Params: AssignmentParams }>,
    submissionOf: (access: CourseAccess, assignment: DemoAssignment) => DemoSubmission,
  ) {
    const params = context.params(request);
    const gradeRequest = {
      submission: objectParam(params, 'submission'),
      rubricAssessment: objectParam(params, 'rubric_assessment'),
      comment: objectParam(params, 'comment'),
    };
    const { render, access, assignment } = lookUp(request, () => true);
    const submission = submissionOf(access, assignment);
    // `:grade` when a grade or rubric is sent, else `:comment`; both need manage_grades here.
    requireAccess(access.canManageGrades);
    // A moderated assignment takes only provisional grades until they are published (step 2 of §8).
    const postedGrade = gradeRequest.submission ? stringParam(gradeRequest.submission, 'posted_grade') : undefined;
    const isProvisional = gradeRequest.submission
      ? ['1', 'true'].includes(stringParam(gradeRequest.submission, 'provisional') ?? '')
      : false;
    if (assignment.moderatedGrading && postedGrade !== undefined && !isProvisional) throw unauthorizedAction();
    gradeSubmission(state, assignment, submission, gradeRequest, render.caller.id, render.now);
    await prepareAttachments(state, submission.attachmentIds);
    return {
      ...submissionJson(render, submission, assignment, access, new Set(['submission_comments'])),
      all_submissions: [submissionJson(render, submission, assignment, access, new Set())],
    };
  }

  type CommentParams = StudentParams & { commentId: string };
  /** The comment on the student's submission, for the comment edit and delete endpoints (Submission Comments API). */
  const commentOf = (request: FastifyRequest<{ Params: CommentParams }>) => {
    const { render, access, assignment } = lookUp(request, () => true);
    const userId = studentIdOf(request.params.userId, access.course.id);
    requireAccess(access.canManageGrades);
    const submission = findOrCreateSubmission(state, assignment, userId);
    const comment = submission.comments.find((item) => item.id === idParam(request.params.commentId));
    if (!comment) throw notFound();
    return { render, submission, comment, courseId: access.course.id };
  };

  /** Edits the text of a submission comment (`comment`); answers the SubmissionComment. */
  app.put<{ Params: CommentParams }>(
    '/api/v1/courses/:courseId/assignments/:assignmentId/submissions/:userId/comments/:commentId',
    async (request) => {
      const text = stringParam(context.params(request), 'comment');
      const { render, comment, courseId } = commentOf(request);
      if (text !== undefined) {
        comment.comment = text;
        comment.editedAt = render.now.toISOString();
      }
      return submissionCommentJson(render, comment, courseId);
    },
  );

  /** Deletes a submission comment; answers the SubmissionComment it was. */
  app.delete<{ Params: CommentParams }>(
    '/api/v1/courses/:courseId/assignments/:assignmentId/submissions/:userId/comments/:commentId',
    async (request) => {
      const { render, submission, comment, courseId } = commentOf(request);
      submission.comments = submission.comments.filter((item) => item !== comment);
      return submissionCommentJson(render, comment, courseId);
    },
  );

  /** The anonymised assignment's submission with this anonymous id; 404 otherwise, as for an unknown user. */
  function anonymousSubmissionOf(anonymousId: string, courseId: number, assignment: DemoAssignment): DemoSubmission {
    if (!anonymizesStudents(assignment)) throw notFound();
    for (const userId of state.studentIdsIn(courseId)) {
      const submission = findOrCreateSubmission(state, assignment, userId);
      if (anonymousIdOf(submission) === anonymousId) return submission;
    }
    throw notFound();
  }

  function studentIdOf(raw: string, courseId: number): number {
    const userId = idParam(raw);
    if (!state.studentIdsIn(courseId).includes(userId)) throw notFound();
    return userId;
  }
}
