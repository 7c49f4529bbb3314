import type { UndoQuestionScoresResponse } from '@/shared/schemas/quiz-grading';
import { formatGradeNumber } from '@/shared/grading-rules';
import { AppError } from '@/server/core/app-error';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { isQuizUndo } from '../kernel/grade-save-store';
import { draftScope } from '../kernel/draft-scope';
import { NOTHING_TO_UNDO, saveToUndo } from '../kernel/undo-grade';
import { toQuizAnswer } from './get-quiz-answers';
import { isSameComment, questionAsHeld } from './save-question-scores';
import { savedQuizSubmission } from './to-quiz-view';

/**
 * Undo of Margin's last save of a student's quiz questions (decision 051): each question's points
 * and comment as they were before it (a question that waited for a person waits again), in one
 * score update of the same attempt. It costs no credit and is offered once per save; the answers
 * are read back, and a question Canvas did not put back is said, not passed over.
 */
export async function undoQuestionScores(
  deps: Pick<GradingDependencies, 'canvas' | 'saves' | 'audit'>,
  teacher: { id: string; email: string },
  target: { courseId: number; quizId: number; quizSubmissionId: number; questionId: number },
): Promise<UndoQuestionScoresResponse> {
  const { courseId, quizId, quizSubmissionId, questionId } = target;
  const screen = { kind: 'quiz' as const, courseId, quizId, quizSubmissionId };
  const record = await saveToUndo(deps, teacher.id, screen, 'submission');
  const undo = record.undo;
  // The last save must be of this question: an older save's Undo would put back another one.
  if (!isQuizUndo(undo) || !undo.questions.some((question) => question.questionId === questionId)) {
    throw new AppError('VALIDATION', NOTHING_TO_UNDO, { details: { reason: 'nothing_to_undo' } });
  }
  const { client } = await deps.canvas.clientFor(teacher.id);
  const [quiz, quizSubmission] = await Promise.all([
    client.getQuiz(courseId, quizId),
    client.getQuizSubmission(courseId, quizId, quizSubmissionId),
  ]);
  if (quiz.assignmentId === null || quizSubmission.attempt !== undo.attempt) {
    throw new AppError(
      'CONFLICT',
      'This student has taken the quiz again since your save, so there is nothing of it to undo.',
      { details: { reason: 'new_attempt' } },
    );
  }
  const saved = await client.updateQuizScores(courseId, quizId, quizSubmissionId, {
    attempt: undo.attempt,
    questions: Object.fromEntries(
      undo.questions.map((question) => [
        question.questionId,
        { score: question.points, comment: question.comment ?? '' },
      ]),
    ),
  });
  await deps.saves.put(teacher.id, draftScope(screen), 'submission', {
    commentId: record.commentId,
    paidPeriod: record.paidPeriod,
    undo: null,
  });
  const answers = await client.getQuizAnswers(courseId, quiz.assignmentId, quizSubmission.userId);
  const notBack = undo.questions.filter((question) => {
    const answer = answers.find((held) => held.questionId === question.questionId);
    if (!answer) return true;
    const held = questionAsHeld(answer);
    return held.points !== question.points || !isSameComment(held.comment, question.comment ?? '');
  });
  await deps.audit({
    userId: teacher.id,
    action: notBack.length === 0 ? 'GRADE_UNDONE' : 'GRADE_UNDO_NOT_STORED',
    tableName: 'canvas_quiz_submissions',
    recordId: `${courseId}/quizzes/${quizId}/submissions/${quizSubmissionId}`,
    newValues: {
      attempt: undo.attempt,
      questions: undo.questions.map((question) => ({
        question_id: question.questionId,
        restored_points: question.points,
        comment: question.comment === null ? 'cleared' : 'restored',
      })),
      score: saved.score,
    },
  });
  if (notBack.length > 0) {
    throw new AppError(
      'CANVAS_NOT_STORED',
      'Canvas did not put everything back: check the question in Canvas, where its score or comment may still be the ones you saved.',
      { details: { reason: 'not_stored', questions: notBack.map((question) => question.questionId) } },
    );
  }
  const answer = answers.find((held) => held.questionId === questionId)!;
  const stored = answer.correct === 'undefined' ? 'no score yet' : formatGradeNumber(answer.points);
  return { submission: savedQuizSubmission(saved, quiz), answer: toQuizAnswer(answer), stored };
}
