import { z } from 'zod';
import { gradingOptionsSchema } from './ai';
import { GRADE_STEP, gradingUserSchema } from './grading';
import { usageSummarySchema } from './usage';

/**
 * The quiz grading screen (spec part 2 §2.3): a classic quiz, its questions, every student's quiz
 * submission, answers read per student on demand, and per-question scores saved to Canvas.
 */

/** Spec part 2 §4 and §9: a student's answers are fetched at most 3 times before the Retry button. */
export const MAX_ANSWER_ATTEMPTS = 3;

export const quizRouteParamsSchema = z.object({
  courseId: z.coerce.number().int().positive(),
  quizId: z.coerce.number().int().positive(),
});
export const quizSubmissionParamsSchema = quizRouteParamsSchema.extend({
  submissionId: z.coerce.number().int().positive(),
});
export const quizQuestionParamsSchema = quizSubmissionParamsSchema.extend({
  questionId: z.coerce.number().int().positive(),
});

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** Spec part 2 §5: these need a person to grade them, and are marked with an asterisk. */
export const MANUAL_GRADING_TYPES = [
  'essay_question',
  'fill_in_multiple_blanks_question',
  'file_upload_question',
] as const;

export function needsManualGrading(questionType: string): boolean {
  return (MANUAL_GRADING_TYPES as readonly string[]).includes(questionType);
}

/** Spec part 2 §9's labels, and plain names for the types it does not list. */
const QUESTION_TYPE_LABELS: Record<string, string> = {
  essay_question: 'Essay',
  fill_in_multiple_blanks_question: 'Fill in the Blanks',
  file_upload_question: 'File Upload',
  short_answer_question: 'Short Answer',
  multiple_choice_question: 'Multiple Choice',
  true_false_question: 'True/False',
  matching_question: 'Matching',
  multiple_answers_question: 'Multiple Answers',
  multiple_dropdowns_question: 'Multiple Dropdowns',
  numerical_question: 'Numerical Answer',
  calculated_question: 'Formula',
  text_only_question: 'Text (no answer)',
};

export function questionTypeLabel(questionType: string): string {
  return (
    QUESTION_TYPE_LABELS[questionType] ??
    questionType
      .replace(/_question$/, '')
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

const QUIZ_TYPE_LABELS: Record<string, string> = {
  assignment: 'Graded Quiz',
  practice_quiz: 'Practice Quiz',
  graded_survey: 'Graded Survey',
  survey: 'Ungraded Survey',
};

export function quizTypeLabel(quizType: string): string {
  return QUIZ_TYPE_LABELS[quizType] ?? quizType;
}

/**
 * Whether a quiz counts toward a grade: a graded quiz or a graded survey, with a gradebook
 * assignment. A practice quiz or an ungraded survey has no grade in Canvas, so Margin does not
 * grade it and no save of it costs a credit.
 */
export function isGradedQuiz(quiz: { quiz_type: string; assignment_id: number | null }): boolean {
  return (quiz.quiz_type === 'assignment' || quiz.quiz_type === 'graded_survey') && quiz.assignment_id !== null;
}

/** Why a practice quiz or an ungraded survey is not graded from Margin (the server's refusal and the screen's notice). */
export function quizNotGradedMessage(quizType: string): string {
  const kind =
    quizType === 'survey'
      ? 'an ungraded survey'
      : quizType === 'practice_quiz'
        ? 'a practice quiz'
        : 'not linked to a gradebook assignment';
  return `This quiz is ${kind}: it has no grade in Canvas, so Margin does not grade it and no credit is used. Open it in Canvas to see the answers.`;
}

export function timeLimitLabel(minutes: number | null): string {
  return minutes && minutes > 0 ? `${minutes} minutes` : 'No limit';
}

export const questionAnswerStates = ['correct', 'incorrect', 'answered', 'no_answer'] as const;
export type QuestionAnswerState = (typeof questionAnswerStates)[number];

export const QUESTION_STATE_LABELS: Record<QuestionAnswerState, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  answered: 'Answered',
  no_answer: 'No answer',
};

/**
 * Spec part 2 §2.3: correct, incorrect, answered or no answer; a manual-grading question is only
 * ever answered or not.
 */
export function questionAnswerState(
  questionType: string,
  answer: Pick<QuizAnswer, 'correct' | 'text' | 'answer_id'> | undefined,
): QuestionAnswerState {
  const hasAnswer =
    answer !== undefined &&
    (answer.answer_id !== null || (answer.text ?? '').replace(/<[^>]*>|&nbsp;/g, '').trim() !== '');
  if (!hasAnswer) return 'no_answer';
  if (needsManualGrading(questionType)) return 'answered';
  if (answer.correct === true) return 'correct';
  if (answer.correct === false) return 'incorrect';
  return 'answered';
}

/**
 * A student's quiz state on this screen. Canvas never marks a classic quiz submission 'graded': the
 * gradebook does. So a finished attempt counts as 'graded' once the linked assignment submission
 * is graded with a score (or, for a quiz without an assignment, once Canvas scored it), stays
 * 'pending_review' while an answer waits for a person, and is 'complete' otherwise.
 */
export type QuizGradingState = 'graded' | 'pending_review' | 'complete' | 'untaken';

export function quizGradingState(input: {
  quizSubmissionState: string;
  quizScore: number | null;
  hasAssignment: boolean;
  assignmentSubmission: { workflowState: string; score: number | null } | null;
}): QuizGradingState {
  if (input.quizSubmissionState === 'pending_review') return 'pending_review';
  if (input.quizSubmissionState !== 'complete') return 'untaken';
  if (!input.hasAssignment) return input.quizScore !== null ? 'graded' : 'complete';
  const linked = input.assignmentSubmission;
  return linked && linked.workflowState === 'graded' && linked.score !== null ? 'graded' : 'complete';
}

/** 'Needs Grading' counts complete or pending_review; 'Graded' counts graded with a non-null score. */
export function quizCounts(submissions: readonly Pick<QuizGradingSubmission, 'workflow_state' | 'score'>[]) {
  return {
    needs_grading: submissions.filter(
      (submission) => submission.workflow_state === 'complete' || submission.workflow_state === 'pending_review',
    ).length,
    graded: submissions.filter((submission) => submission.workflow_state === 'graded' && submission.score !== null)
      .length,
  };
}

/** Spec part 2 §5: an unparseable score becomes 0; scores keep to 0..max in steps of 0.5. */
export function parseQuestionScore(value: string, max: number): number {
  const parsed = Number.parseFloat(value);
  if (!Number.isFinite(parsed)) return 0;
  const rounded = Math.round(parsed / GRADE_STEP) * GRADE_STEP;
  return Math.min(Math.max(0, rounded), Math.max(0, max));
}

// ---------------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------------

export const quizQuestionSchema = z.object({
  id: z.number(),
  position: z.number().nullable(),
  name: z.string(),
  question_type: z.string(),
  /** Canvas HTML: sanitise before showing. */
  question_text: z.string(),
  points_possible: z.number(),
  needs_manual_grading: z.boolean(),
  answers: z.array(z.object({ id: z.number(), text: z.string(), is_correct: z.boolean() })),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizGradingSubmissionSchema = z.object({
  /** The quiz submission's id. */
  id: z.number(),
  user_id: z.number(),
  user: gradingUserSchema,
  attempt: z.number().nullable(),
  workflow_state: z.enum(['graded', 'pending_review', 'complete', 'untaken']),
  score: z.number().nullable(),
  points_possible: z.number().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type QuizGradingSubmission = z.infer<typeof quizGradingSubmissionSchema>;

/**
 * Whether a student's quiz waits for a grade: handed in and not graded (answers waiting for review,
 * or a gradebook grade still to give). Next, Save & Next and J/K skip the others unless the teacher
 * walks everyone (decision 050).
 */
export function isQuizWaitingForGrade(submission: Pick<QuizGradingSubmission, 'workflow_state'>): boolean {
  return submission.workflow_state === 'pending_review' || submission.workflow_state === 'complete';
}

export const gradingQuizSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  quiz_type: z.string(),
  points_possible: z.number().nullable(),
  time_limit: z.number().nullable(),
  assignment_id: z.number().nullable(),
  is_assignment_based: z.boolean(),
  html_url: z.string(),
  /** The quiz's gradebook assignment posts grades by hand in Canvas (decision 052). */
  post_manually: z.boolean().optional(),
  /**
   * The quiz's assignment is graded anonymously (decision 067): students are Student 1 to N under
   * negative keys, and Margin neither reads their answers nor drafts or saves here.
   */
  anonymous_grading: z.literal(true).optional(),
  course: z.object({ id: z.number(), name: z.string(), course_code: z.string().nullable() }),
});
export type GradingQuiz = z.infer<typeof gradingQuizSchema>;

export const quizGradingViewSchema = z.object({
  quiz: gradingQuizSchema,
  questions: z.array(quizQuestionSchema),
  submissions: z.array(quizGradingSubmissionSchema),
  counts: z.object({
    submissions: z.number(),
    manual_grading_questions: z.number(),
    needs_grading: z.number(),
    graded: z.number(),
  }),
});
export type QuizGradingView = z.infer<typeof quizGradingViewSchema>;

export const quizAnswerSchema = z.object({
  question_id: z.number(),
  /** true | false | 'partial' | 'undefined' (waiting for a person) | 'defined' (scored by a person) | 'no_score' */
  correct: z.union([z.boolean(), z.string()]),
  points: z.number(),
  /** Essay HTML, a short answer, or the chosen answer's id as text. */
  text: z.string().nullable(),
  answer_id: z.number().nullable(),
  teacher_comment: z.string().nullable(),
});
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

/**
 * `assignmentId`: the quiz's assignment as the quiz view gave it, which spares reading the quiz again per student.
 * `userId` is negative for a student of a quiz graded anonymously (decision 067), whose answers are refused in words.
 */
export const quizAnswersQuerySchema = z.object({
  userId: z.coerce
    .number()
    .int()
    .refine((id) => id !== 0)
    .optional(),
  assignmentId: z.coerce.number().int().positive().optional(),
});

export const quizAnswersResponseSchema = z.object({
  answers: z.array(quizAnswerSchema),
  debug_info: z.object({
    answers_source: z.literal('submission_history'),
    is_assignment_based_quiz: z.boolean(),
    assignment_id: z.number().nullable(),
  }),
});
export type QuizAnswersResponse = z.infer<typeof quizAnswersResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Grading
// ---------------------------------------------------------------------------------------------

export const saveQuestionScoresRequestSchema = z.strictObject({
  questions: z
    .array(
      z.strictObject({
        questionId: z.number().int().positive(),
        score: z.number({ error: 'Enter a score' }).min(0, 'The score cannot be negative').max(100_000),
        comment: z.string().max(20_000, 'A comment can be at most 20,000 characters').default(''),
      }),
    )
    .min(1, 'Choose a question to grade')
    .max(200),
});
export type SaveQuestionScoresRequest = z.infer<typeof saveQuestionScoresRequestSchema>;

export const saveQuestionScoresResponseSchema = z.object({
  /** The quiz submission after the save (the client keeps the student it already shows). */
  submission: quizGradingSubmissionSchema.omit({ user: true }),
  usage: usageSummarySchema,
  /** The quiz submission was paid for earlier in this billing period: this save cost no credit (decision 051). */
  isPaidEarlier: z.boolean().optional(),
  /** Undo can put back what the questions held before this save (decision 051). */
  canUndo: z.boolean().optional(),
});
export type SaveQuestionScoresResponse = z.infer<typeof saveQuestionScoresResponseSchema>;

/** Undo of the last save of a question: the quiz submission and the question as Canvas holds them again. */
export const undoQuestionScoresResponseSchema = z.object({
  submission: quizGradingSubmissionSchema.omit({ user: true }),
  answer: quizAnswerSchema,
  /** What Canvas holds for the question after the undo: its points ("4"), or "no score yet". */
  stored: z.string(),
});
export type UndoQuestionScoresResponse = z.infer<typeof undoQuestionScoresResponseSchema>;

/** Canvas's page of one student's quiz attempt, where a teacher sees and scores it. */
export function quizSubmissionUrl(quizHtmlUrl: string, quizSubmissionId: number): string {
  return `${quizHtmlUrl}/history?quiz_submission_id=${quizSubmissionId}`;
}

export const quizDraftRequestSchema = z.strictObject({
  options: gradingOptionsSchema.default({ mode: 'formative', useRubric: false, customInstructions: null }),
});

export const QUIZ_ANSWER_MESSAGES = {
  notFound: 'Quiz submission not found. The student may not have submitted this quiz yet.',
  forbidden: 'Access denied. Please check your Canvas permissions for this quiz.',
  credentials: 'Canvas credentials not configured. Please check your Canvas integration settings.',
  newQuizzes: 'This appears to be a New Quizzes assignment. User ID is required to fetch answers.',
  invalidFormat: 'Invalid answer format detected',
  noAssignment:
    'Canvas keeps the answers of a quiz without a gradebook assignment (a practice quiz or an ungraded survey) out of its API. Open the quiz in Canvas to see them.',
} as const;
