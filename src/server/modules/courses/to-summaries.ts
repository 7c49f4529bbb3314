import type { AssignmentSummary, CourseSummary, DiscussionSummary, QuizSummary } from '@/shared/schemas/canvas';
import { quizTypeSchema } from '@/shared/schemas/canvas';
import type { CanvasAssignment, CanvasCourse, CanvasDiscussionTopic, CanvasQuiz } from '@/server/adapters/canvas';
import type { TeacherCanvas } from '@/server/modules/canvas/canvas-access';

type PublicUrl = TeacherCanvas['toPublicUrl'];

export function toCourseSummary(course: CanvasCourse, toPublicUrl: PublicUrl): CourseSummary {
  return {
    id: course.id,
    name: course.name,
    course_code: course.courseCode || null,
    workflow_state: course.workflowState,
    start_at: course.startAt,
    end_at: course.endAt,
    total_students: course.totalStudents,
    needs_grading_count: course.needsGradingCount ?? 0,
    is_favorite: course.isFavorite,
    // Canvas puts courses outside any term in its "Default Term": for a teacher that is no term.
    term: course.term && course.term.name !== 'Default Term' ? { name: course.term.name } : null,
    html_url: toPublicUrl(course.htmlUrl),
  };
}

export function toAssignmentSummary(assignment: CanvasAssignment, toPublicUrl: PublicUrl): AssignmentSummary {
  return {
    id: assignment.id,
    name: assignment.name,
    due_at: assignment.dueAt,
    points_possible: assignment.pointsPossible,
    needs_grading_count: assignment.needsGradingCount ?? 0,
    html_url: toPublicUrl(assignment.htmlUrl),
    has_rubric: Boolean(assignment.rubric?.length),
    published: assignment.published,
  };
}

export function toDiscussionSummary(topic: CanvasDiscussionTopic, toPublicUrl: PublicUrl): DiscussionSummary {
  return {
    id: topic.id,
    title: topic.title,
    posted_at: topic.postedAt,
    discussion_type: topic.discussionType,
    is_assignment: topic.assignmentId !== null,
    assignment_id: topic.assignmentId,
    points_possible: topic.assignment?.pointsPossible ?? null,
    needs_grading_count: topic.assignment?.needsGradingCount ?? 0,
    unread_count: topic.unreadCount,
    reply_count: topic.entryCount,
    html_url: toPublicUrl(topic.htmlUrl),
  };
}

export function toQuizSummary(quiz: CanvasQuiz, toPublicUrl: PublicUrl): QuizSummary {
  const quizType = quizTypeSchema.safeParse(quiz.quizType);
  return {
    id: quiz.id,
    title: quiz.title,
    quiz_type: quizType.success ? quizType.data : 'assignment',
    due_at: quiz.dueAt,
    points_possible: quiz.pointsPossible,
    time_limit: quiz.timeLimitMinutes,
    allowed_attempts: quiz.allowedAttempts,
    published: quiz.published,
    question_count: quiz.questionCount,
    html_url: toPublicUrl(quiz.htmlUrl),
  };
}
