import {
  needsManualGrading,
  quizCounts,
  quizGradingState,
  type QuizGradingSubmission,
  type QuizGradingView,
  type QuizQuestion,
} from '@/shared/schemas/quiz-grading';
import type { GradingUser } from '@/shared/schemas/grading';
import type {
  CanvasAssignment,
  CanvasCourse,
  CanvasQuiz,
  CanvasQuizQuestion,
  CanvasQuizSubmission,
  CanvasSubmission,
} from '@/server/adapters/canvas';
import { byAnonymousLabel, bySortableName } from '../kernel/to-grading-view';
import { anonymousParticipants } from '../kernel/anonymous-participants';
import type { RosterMember } from '../kernel/redaction';

export type LoadedQuiz = {
  quiz: CanvasQuiz;
  questions: CanvasQuizQuestion[];
  /** One per student: the current attempt. */
  quizSubmissions: CanvasQuizSubmission[];
  course: CanvasCourse;
  /** The quiz assignment's submissions (names, and whether the gradebook holds a grade); none without an assignment. */
  assignmentSubmissions: CanvasSubmission[];
  /** The quiz's gradebook assignment, for its posting policy (decision 052); null without one. */
  assignment?: Pick<CanvasAssignment, 'postManually'> | null;
  /**
   * When the quiz's assignment is graded anonymously (decision 067): the course's students, whom
   * the screen shows as Student 1 to N under negative keys.
   */
  roster?: RosterMember[];
};

/** Rows Canvas keeps that are not a student's attempt: extra-attempt settings and teacher previews. */
const NOT_ATTEMPTS = new Set(['settings_only', 'preview']);

export function toQuizQuestion(question: CanvasQuizQuestion): QuizQuestion {
  return {
    id: question.id,
    position: question.position,
    name: question.name,
    question_type: question.type,
    question_text: question.text,
    points_possible: question.pointsPossible,
    needs_manual_grading: needsManualGrading(question.type),
    answers: question.answers.map((answer) => ({ id: answer.id, text: answer.text, is_correct: answer.weight >= 100 })),
  };
}

function userOf(userId: number, submission: CanvasSubmission | undefined): GradingUser {
  const name = submission?.user?.name ?? `Student ${userId}`;
  return {
    id: userId,
    name,
    sortable_name: submission?.user?.sortableName ?? name,
    email: null,
    avatar_url: submission?.user?.avatarUrl ?? null,
  };
}

/**
 * The quiz submission as the screen shows it right after a save or an Undo: a complete attempt's
 * kept score is what Canvas writes to the gradebook, so it reads graded now. Without the user: the
 * screen already holds her.
 */
export function savedQuizSubmission(saved: CanvasQuizSubmission, quiz: Pick<CanvasQuiz, 'assignmentId'>) {
  const linked =
    saved.workflowState === 'complete' ? { workflowState: 'graded', score: saved.keptScore ?? saved.score } : undefined;
  const { user: _user, ...submission } = toQuizGradingSubmission(saved, quiz, linked, {
    id: saved.userId,
    name: '',
    sortable_name: '',
    email: null,
    avatar_url: null,
  });
  return submission;
}

export function toQuizGradingSubmission(
  quizSubmission: CanvasQuizSubmission,
  quiz: Pick<CanvasQuiz, 'assignmentId'>,
  linked: CanvasSubmission | { workflowState: string; score: number | null } | undefined,
  user: GradingUser,
): QuizGradingSubmission {
  return {
    id: quizSubmission.id,
    user_id: quizSubmission.userId,
    user,
    attempt: quizSubmission.attempt,
    workflow_state: quizGradingState({
      quizSubmissionState: quizSubmission.workflowState,
      quizScore: quizSubmission.score,
      hasAssignment: quiz.assignmentId !== null,
      assignmentSubmission: linked ? { workflowState: linked.workflowState, score: linked.score } : null,
    }),
    score: quizSubmission.keptScore ?? quizSubmission.score,
    points_possible: quizSubmission.pointsPossible,
    started_at: quizSubmission.startedAt,
    finished_at: quizSubmission.finishedAt,
  };
}

/** The quiz grading screen: the quiz, its questions in order, and each student's current attempt. */
export function toQuizGradingView(loaded: LoadedQuiz, toPublicUrl: (url: string) => string): QuizGradingView {
  const { quiz, questions, quizSubmissions, course } = loaded;
  const byUser = new Map(loaded.assignmentSubmissions.map((submission) => [submission.userId, submission]));

  const anonymous = loaded.roster ? anonymousParticipants(`quiz:${quiz.id}`, loaded.roster) : null;
  const attempts = quizSubmissions.filter((quizSubmission) => !NOT_ATTEMPTS.has(quizSubmission.workflowState));
  const submissions = anonymous
    ? // Graded anonymously: no attempt is matched to a gradebook row, and none names its student.
      attempts
        .flatMap((quizSubmission) => {
          const user = anonymous.userOf(quizSubmission.userId);
          if (!user) return [];
          return [{ ...toQuizGradingSubmission(quizSubmission, quiz, undefined, user), user_id: user.id }];
        })
        .sort(byAnonymousLabel)
    : attempts
        .map((quizSubmission) => {
          const linked = byUser.get(quizSubmission.userId);
          return toQuizGradingSubmission(quizSubmission, quiz, linked, userOf(quizSubmission.userId, linked));
        })
        .sort(bySortableName);
  const gradingQuestions = questions
    .map(toQuizQuestion)
    .sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);

  return {
    quiz: {
      id: quiz.id,
      title: quiz.title,
      description: quiz.description,
      quiz_type: quiz.quizType,
      points_possible: quiz.pointsPossible,
      time_limit: quiz.timeLimitMinutes,
      assignment_id: quiz.assignmentId,
      is_assignment_based: quiz.assignmentId !== null,
      html_url: toPublicUrl(quiz.htmlUrl),
      post_manually: loaded.assignment?.postManually ?? false,
      ...(anonymous ? { anonymous_grading: true as const } : {}),
      course: { id: course.id, name: course.name, course_code: course.courseCode || null },
    },
    questions: gradingQuestions,
    submissions,
    counts: {
      submissions: submissions.length,
      manual_grading_questions: gradingQuestions.filter((question) => question.needs_manual_grading).length,
      ...quizCounts(submissions),
    },
  };
}
