import {
  isGradedQuiz,
  quizNotGradedMessage,
  type SaveQuestionScoresRequest,
  type SaveQuestionScoresResponse,
} from '@/shared/schemas/quiz-grading';
import { withAiLine } from '@/shared/ai-line';
import { formatGradeNumber } from '@/shared/grading-rules';
import { AppError } from '@/server/core/app-error';
import type {
  CanvasClient,
  CanvasQuiz,
  CanvasQuizAnswer,
  CanvasQuizScoreUpdate,
  CanvasQuizSubmission,
} from '@/server/adapters/canvas';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { assertNotAnonymousTopic } from '../kernel/save-grade';
import { saveApprovedGrade } from '../kernel/save-approved-grade';
import type { QuizUndoRecord } from '../kernel/grade-save-store';
import type { PaidCanvasWrite } from '../kernel/spend-credit-on-canvas';
import { teacherAiLine } from '../kernel/teacher-ai-line';
import { savedQuizSubmission } from './to-quiz-view';

export const QUESTION_SAVE_FAILED = 'Failed to save the grade. Please try again.';
export const QUESTION_SAVE_ERROR = 'An error occurred while saving the grade.';

export type QuestionScoresTarget = { courseId: number; quizId: number; quizSubmissionId: number };

/** A stored score within this of the one sent is the one sent (Canvas keeps two decimals). */
const SCORE_TOLERANCE = 0.005;

/**
 * Saves the teacher's scores (and comments) for questions of one student's quiz submission.
 *
 * Billing: one save of one quiz submission costs one usage credit, however many questions it
 * scores (the grading card saves one question at a time, so in practice one credit per question
 * graded). The save goes through saveApprovedGrade like every grade: the credit is reserved before
 * Canvas is asked and given back if Canvas refuses or did not store a score; every outcome is
 * audited, and the scored questions' drafts are removed.
 *
 * Canvas requests: the quiz, its questions and the quiz submission (in parallel, to check the
 * question ids, the maximum points and that the attempt is finished), then the student's answers
 * as they are (what Undo puts back, decision 051), then the PUT, then the answers again: each
 * question's stored points are read back and compared with the score sent (Canvas answers 200 and
 * ignores a question the attempt does not have, for example one added to the quiz after the
 * student took it), and so is each comment sent.
 */
export async function saveQuestionScores(
  deps: Pick<
    GradingDependencies,
    'canvas' | 'drafts' | 'usage' | 'audit' | 'saves' | 'preferences' | 'institutionAddsAiLine'
  >,
  teacher: { id: string; email: string },
  target: QuestionScoresTarget,
  request: SaveQuestionScoresRequest,
): Promise<SaveQuestionScoresResponse> {
  const { client } = await deps.canvas.clientFor(teacher.id);
  // Each question's comment ends with her AI line when she chose one (an empty comment stays empty).
  const line = await teacherAiLine(deps, teacher.id);
  const approved = {
    ...request,
    questions: request.questions.map((item) => ({ ...item, comment: withAiLine(item.comment, line) })),
  };
  const { result, usage, isPaidEarlier } = await saveApprovedGrade(deps, teacher, {
    target: { kind: 'quiz', ...target },
    settles: approved.questions.map((item) => item.questionId),
    // One quiz submission is paid for once in a billing period, however many questions are saved.
    subject: 'submission',
    rubricAssessment: null,
    prepare: () => questionScoresWrite(client, target, approved),
    // What the questions held before, for Undo (decision 051); a quiz posts no comment of its own.
    remember: ({ undo }) => ({ commentId: null, undo }),
  });
  const { saved, quiz } = result;
  const submission = savedQuizSubmission(saved, quiz);
  return { submission, usage, isPaidEarlier, canUndo: result.undo !== null };
}

type SavedScores = {
  saved: CanvasQuizSubmission;
  quiz: CanvasQuiz;
  answers: CanvasQuizAnswer[] | null;
  /** What the scored questions held before the save; null when Canvas's answers could not be read first. */
  undo: QuizUndoRecord | null;
};

/** What a question holds as Undo puts it back: no points while it waits for a person, and its comment. */
export function questionAsHeld(answer: CanvasQuizAnswer): { points: number | null; comment: string | null } {
  return { points: answer.correct === 'undefined' ? null : answer.points, comment: answer.teacherComment };
}

/** Canvas keeps a question's comment as sent; spaces at the ends are not a difference. */
export function isSameComment(stored: string | null, sent: string): boolean {
  return (stored ?? '').trim() === sent.trim();
}

async function questionScoresWrite(
  client: CanvasClient,
  target: QuestionScoresTarget,
  request: SaveQuestionScoresRequest,
): Promise<PaidCanvasWrite<SavedScores>> {
  const [quiz, questions, quizSubmission] = await Promise.all([
    client.getQuiz(target.courseId, target.quizId),
    client.listQuizQuestions(target.courseId, target.quizId),
    client.getQuizSubmission(target.courseId, target.quizId, target.quizSubmissionId),
  ]);
  // A practice quiz or an ungraded survey has no grade to save: refused before any credit is reserved.
  if (!isGradedQuiz({ quiz_type: quiz.quizType, assignment_id: quiz.assignmentId }) || quiz.assignmentId === null) {
    throw new AppError('QUIZ_NOT_GRADED', quizNotGradedMessage(quiz.quizType));
  }
  assertNotAnonymousTopic(await client.getAssignment(target.courseId, quiz.assignmentId));
  const attempt = quizSubmission.attempt;
  if (quizSubmission.workflowState === 'untaken' || attempt === null || quizSubmission.finishedAt === null) {
    throw new AppError('VALIDATION', 'This student is still taking the quiz. It can be graded once they submit it.');
  }
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const item of request.questions) {
    const question = byId.get(item.questionId);
    if (!question)
      throw new AppError('VALIDATION', 'That question is not part of this quiz.', { details: { field: 'questionId' } });
    if (item.score > question.pointsPossible) {
      throw new AppError('VALIDATION', `The score cannot be more than ${question.pointsPossible} points.`, {
        details: { field: 'score' },
      });
    }
  }
  const assignmentId = quiz.assignmentId;
  const update: CanvasQuizScoreUpdate = {
    attempt,
    // An empty comment is left out: Canvas would clear an earlier comment on "".
    questions: Object.fromEntries(
      request.questions.map((item) => [
        item.questionId,
        item.comment.trim() ? { score: item.score, comment: item.comment } : { score: item.score },
      ]),
    ),
  };
  return {
    recordId: `${target.courseId}/quizzes/${target.quizId}/submissions/${target.quizSubmissionId}`,
    tableName: 'canvas_quiz_submissions',
    values: {
      course_id: target.courseId,
      quiz_id: target.quizId,
      quiz_submission_id: target.quizSubmissionId,
      student_id: quizSubmission.userId,
      attempt,
      questions: request.questions.map((item) => ({
        question_id: item.questionId,
        score: item.score,
        comment: item.comment,
      })),
    },
    actions: {
      saved: 'GRADE_QUIZ_QUESTION',
      refused: 'GRADE_QUIZ_QUESTION_FAILED',
      failed: 'GRADE_QUIZ_QUESTION_ERROR',
    },
    async write() {
      // What the questions hold now, for Undo. Without it the save still goes ahead, with no Undo.
      const before = await client
        .getQuizAnswers(target.courseId, assignmentId, quizSubmission.userId)
        .catch(() => null);
      const undo: QuizUndoRecord | null = before
        ? {
            attempt,
            questions: request.questions.flatMap((item) => {
              const answer = before.find((held) => held.questionId === item.questionId);
              return answer ? [{ questionId: item.questionId, ...questionAsHeld(answer) }] : [];
            }),
          }
        : null;
      const saved = await client.updateQuizScores(target.courseId, target.quizId, target.quizSubmissionId, update);
      // Canvas's answer holds only the total: each question's points are read from the answers.
      // Canvas took the scores; if the read-back cannot be had, the save stands, unconfirmed.
      const answers = await client
        .getQuizAnswers(target.courseId, assignmentId, quizSubmission.userId)
        .catch(() => null);
      return { saved, quiz, answers, undo };
    },
    verify: ({ answers }) => {
      if (answers === null) return null;
      const missed = request.questions.flatMap((item) => {
        const stored = answers.find((answer) => answer.questionId === item.questionId);
        if (stored && Math.abs(stored.points - item.score) < SCORE_TOLERANCE) return [];
        const name = byId.get(item.questionId)?.name || 'this question';
        const holds = stored ? `Canvas holds ${formatGradeNumber(stored.points)}` : 'Canvas holds no score for it';
        return [{ name, sent: item.score, stored: stored?.points ?? null, holds }];
      });
      if (missed.length === 0) {
        // The comment is read back like the score: a comment sent and not kept is said, not passed over.
        const unheard = request.questions.flatMap((item) => {
          if (!item.comment.trim()) return [];
          const stored = answers.find((answer) => answer.questionId === item.questionId);
          if (stored && isSameComment(stored.teacherComment, item.comment)) return [];
          return [{ questionId: item.questionId, name: byId.get(item.questionId)?.name || 'this question' }];
        });
        if (unheard.length === 0) return null;
        return {
          message: `Canvas stored the score but not your comment on ${unheard.map((item) => item.name).join(' and ')}. No credit was used; check the comment in Canvas and save again.`,
          details: { comment: 'not_stored', questions: unheard.map((item) => ({ question_id: item.questionId })) },
        };
      }
      return {
        message: `Canvas did not store the score: you sent ${missed
          .map((item) => `${formatGradeNumber(item.sent)} for ${item.name} and ${item.holds}`)
          .join('; ')}. No credit was used.`,
        details: { questions: missed.map(({ name: _name, holds: _holds, ...rest }) => rest) },
      };
    },
    notStored: { code: 'CANVAS_NOT_STORED', action: 'GRADE_QUIZ_QUESTION_NOT_STORED' },
    savedValues: ({ saved, answers }) => ({
      score: saved.score,
      workflow_state: saved.workflowState,
      read_back: answers === null ? 'unavailable' : 'checked',
    }),
    refusalMessage: (refusal) => `${QUESTION_SAVE_FAILED} ${refusal.userMessage}`,
    errorMessage: QUESTION_SAVE_ERROR,
  };
}
