import type { DemoQuiz, DemoQuizQuestion, DemoQuizSubmission } from '../model';
import type { CourseAccess } from '../domain/permissions';
import type { RenderContext } from './render-context';

export function quizPointsPossible(context: RenderContext, quiz: DemoQuiz): number {
  return context.state.questionsOf(quiz.id).reduce((sum, question) => sum + question.pointsPossible, 0);
}

/** `QuizSerializer` output for a teacher. */
export function quizJson(context: RenderContext, quiz: DemoQuiz, access: CourseAccess): Record<string, unknown> {
  const courseUrl = `${context.baseUrl}/courses/${quiz.courseId}`;
  const apiCourseUrl = `${context.baseUrl}/api/v1/courses/${quiz.courseId}`;
  const hasSubmissions = context.state.quizSubmissionsOf(quiz.id).length > 0;
  const json: Record<string, unknown> = {
    id: quiz.id,
    title: quiz.title,
    html_url: `${courseUrl}/quizzes/${quiz.id}`,
    mobile_url: `${courseUrl}/quizzes/${quiz.id}?force_user=1&persist_headless=1`,
    description: quiz.description,
    quiz_type: quiz.quizType,
    time_limit: quiz.timeLimit,
    timer_autosubmit_disabled: false,
    shuffle_answers: quiz.shuffleAnswers,
    show_correct_answers: quiz.showCorrectAnswers,
    scoring_policy: quiz.scoringPolicy,
    allowed_attempts: quiz.allowedAttempts,
    one_question_at_a_time: quiz.oneQuestionAtATime,
    question_count: context.state.questionsOf(quiz.id).length,
    points_possible: quizPointsPossible(context, quiz),
    cant_go_back: false,
    access_code: null,
    ip_filter: null,
    due_at: quiz.dueAt,
    lock_at: quiz.lockAt,
    unlock_at: quiz.unlockAt,
    published: quiz.published,
    unpublishable: !hasSubmissions,
    can_unpublish: !hasSubmissions,
    can_update: access.canManageContent,
    locked_for_user: false,
    hide_results: null,
    show_correct_answers_at: null,
    hide_correct_answers_at: null,
    require_lockdown_browser: false,
    require_lockdown_browser_for_results: false,
    require_lockdown_browser_monitor: false,
    lockdown_browser_monitor_data: null,
    permissions: {
      read: true,
      submit: false,
      create: access.canManageContent,
      manage: access.canManageContent,
      read_statistics: access.canViewAllGrades,
      review_grades: access.canViewAllGrades,
      update: access.canManageContent,
    },
    quiz_reports_url: `${apiCourseUrl}/quizzes/${quiz.id}/reports`,
    quiz_statistics_url: `${apiCourseUrl}/quizzes/${quiz.id}/statistics`,
    message_students_url: `${apiCourseUrl}/quizzes/${quiz.id}/submission_users/message`,
    section_count: 1,
    important_dates: false,
    quiz_submission_versions_html_url: `${courseUrl}/quizzes/${quiz.id}/submission_versions`,
    assignment_id: quiz.assignmentId,
    one_time_results: false,
    only_visible_to_overrides: false,
    visible_to_everyone: true,
    assignment_group_id: quiz.assignmentGroupId,
    show_correct_answers_last_attempt: false,
    version_number: 1,
    has_access_code: false,
    post_to_sis: false,
    migration_id: null,
    in_paced_course: false,
  };
  if (access.canViewAllGrades && quiz.published && quiz.assignmentId !== null) {
    json.speed_grader_url = `${courseUrl}/gradebook/speed_grader?assignment_id=${quiz.assignmentId}`;
  }
  return json;
}

/**
 * A quiz question. Answers carry Canvas's stored keys (`text`, `weight`, `comments`) and the
 * documented `answer_*` names, so readers of either form find them.
 */
export function quizQuestionJson(question: DemoQuizQuestion): Record<string, unknown> {
  return {
    id: question.id,
    quiz_id: question.quizId,
    quiz_group_id: null,
    assessment_question_id: question.id + 100000,
    position: question.position,
    question_name: question.name,
    question_type: question.type,
    question_text: question.text,
    points_possible: question.pointsPossible,
    correct_comments: question.correctComments,
    incorrect_comments: question.incorrectComments,
    neutral_comments: question.neutralComments,
    correct_comments_html: '',
    incorrect_comments_html: '',
    neutral_comments_html: '',
    answers: question.answers.map((answer) => ({
      id: answer.id,
      text: answer.text,
      html: '',
      comments: answer.comments,
      comments_html: '',
      weight: answer.weight,
      answer_text: answer.text,
      answer_weight: answer.weight,
      answer_comments: answer.comments,
    })),
    variables: null,
    formulas: null,
    answer_tolerance: null,
    formula_decimal_places: null,
    matches: null,
    matching_answer_incorrect_matches: null,
  };
}

export function quizSubmissionJson(
  context: RenderContext,
  quizSubmission: DemoQuizSubmission,
): Record<string, unknown> {
  const quiz = context.state.quizzes.get(quizSubmission.quizId);
  const courseUrl = `${context.baseUrl}/courses/${quiz?.courseId ?? 0}`;
  const attemptsLeft =
    quiz && quiz.allowedAttempts > 0 ? Math.max(0, quiz.allowedAttempts - quizSubmission.attempt) : -1;
  return {
    id: quizSubmission.id,
    quiz_id: quizSubmission.quizId,
    quiz_version: 1,
    user_id: quizSubmission.userId,
    submission_id: quizSubmission.submissionId,
    score: quizSubmission.score,
    kept_score: quizSubmission.keptScore,
    started_at: quizSubmission.startedAt,
    end_at: null,
    finished_at: quizSubmission.finishedAt,
    attempt: quizSubmission.attempt,
    workflow_state: quizSubmission.workflowState,
    fudge_points: quizSubmission.fudgePoints,
    quiz_points_possible: quiz ? quizPointsPossible(context, quiz) : 0,
    extra_attempts: null,
    extra_time: null,
    manually_unlocked: null,
    validation_token: quizSubmission.validationToken,
    score_before_regrade: null,
    has_seen_results: false,
    time_spent: quizSubmission.timeSpent,
    attempts_left: attemptsLeft,
    overdue_and_needs_submission: false,
    'excused?': false,
    html_url: `${courseUrl}/quizzes/${quizSubmission.quizId}/submissions/${quizSubmission.id}`,
    result_url: `${courseUrl}/quizzes/${quizSubmission.quizId}/history?quiz_submission_id=${quizSubmission.id}&version=${quizSubmission.attempt + 1}`,
  };
}
