import type { DemoCourse, DemoEnrollment, EnrollmentType } from '../model';
import { courseNeedsGradingCount } from '../domain/needs-grading';
import type { RenderContext } from './render-context';
import { userDisplayJson } from './users';

const ROLE_BY_TYPE: Record<EnrollmentType, { role: string; roleId: number }> = {
  student: { role: 'StudentEnrollment', roleId: 3 },
  teacher: { role: 'TeacherEnrollment', roleId: 4 },
  ta: { role: 'TaEnrollment', roleId: 5 },
  designer: { role: 'DesignerEnrollment', roleId: 6 },
  observer: { role: 'ObserverEnrollment', roleId: 7 },
};

const ROOT_ACCOUNT_ID = 1;
const SUB_ACCOUNT_ID = 3;

/** `course_json` with the includes the list and show endpoints accept. */
export function courseJson(
  context: RenderContext,
  course: DemoCourse,
  includes: ReadonlySet<string>,
): Record<string, unknown> {
  const { state, caller, baseUrl } = context;
  const callerEnrollments = state.enrollmentsInCourse(course.id).filter((e) => e.userId === caller.id);
  const json: Record<string, unknown> = {
    id: course.id,
    name: course.name,
    account_id: SUB_ACCOUNT_ID,
    uuid: course.uuid,
    start_at: course.startAt,
    grading_standard_id: null,
    is_public: false,
    created_at: course.createdAt,
    course_code: course.courseCode,
    default_view: 'modules',
    root_account_id: ROOT_ACCOUNT_ID,
    enrollment_term_id: course.termId,
    license: 'private',
    grade_passback_setting: null,
    end_at: course.endAt,
    public_syllabus: false,
    public_syllabus_to_auth: false,
    storage_quota_mb: 500,
    is_public_to_auth_users: false,
    homeroom_course: false,
    course_color: null,
    friendly_name: null,
    apply_assignment_group_weights: false,
    calendar: { ics: `${baseUrl}/feeds/calendars/course_${course.uuid}.ics` },
    time_zone: course.timeZone,
    blueprint: false,
    template: false,
    enrollments: callerEnrollments.map(enrollmentJson),
    hide_final_grades: false,
    workflow_state: course.workflowState,
    restrict_enrollments_to_course_dates: false,
  };
  const isParticipatingInstructor =
    course.workflowState !== 'completed' &&
    callerEnrollments.some(
      (e) => (e.type === 'teacher' || e.type === 'ta') && e.state === 'active' && e.canManageGrades,
    );
  if (includes.has('needs_grading_count') && isParticipatingInstructor) {
    json.needs_grading_count = courseNeedsGradingCount(state, course.id);
  }
  if (includes.has('total_students')) {
    // `student_enrollments` counts every enrollment that is not rejected, deleted or inactive.
    json.total_students = state.studentIdsIn(course.id).length;
  }
  if (includes.has('favorites')) json.is_favorite = favoriteCourseIdsOf(context).includes(course.id);
  if (includes.has('term')) {
    const term = state.terms.get(course.termId);
    if (term) {
      json.term = {
        id: term.id,
        name: term.name,
        start_at: term.startAt,
        end_at: term.endAt,
        created_at: term.createdAt,
        workflow_state: 'active',
        grading_period_group_id: null,
      };
    }
  }
  if (includes.has('concluded')) json.concluded = course.workflowState === 'completed';
  if (includes.has('syllabus_body')) json.syllabus_body = course.syllabusBody;
  if (includes.has('teachers')) {
    json.teachers = state
      .enrollmentsInCourse(course.id)
      .filter((e) => e.type === 'teacher')
      .map((e) => state.users.get(e.userId))
      .filter((user) => user !== undefined)
      .map((user) => userDisplayJson(context, user, course.id));
  }
  return json;
}

function enrollmentJson(enrollment: DemoEnrollment): Record<string, unknown> {
  const role = ROLE_BY_TYPE[enrollment.type];
  return {
    type: enrollment.type,
    role: role.role,
    role_id: role.roleId,
    user_id: enrollment.userId,
    enrollment_state: enrollment.state,
    limit_privileges_to_course_section: false,
  };
}

/**
 * The caller's favourites (`menu_courses`): what they starred, or, if they never chose, Canvas's
 * automatic pick of their current courses.
 */
export function favoriteCourseIdsOf(context: RenderContext): number[] {
  const chosen = context.state.favoriteCourseIds.get(context.caller.id);
  if (chosen) return chosen;
  return context.state
    .enrollmentsOfUser(context.caller.id)
    .filter((e) => e.state === 'active' && context.state.courses.get(e.courseId)?.workflowState === 'available')
    .map((e) => e.courseId);
}
