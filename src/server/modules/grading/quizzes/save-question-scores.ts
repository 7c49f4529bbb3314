import {
  isGradedQuiz,
  quizNotGradedMessage,
  type QuizGradingSubmission,
  type SaveQuestionScoresRequest,
} from '@/shared/schemas/quiz-grading';
import { AppError } from '@/server/core/app-error';
import type { CanvasClient, CanvasQuizScoreUpdate } from '@/server/adapters/canvas';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import { spendCreditOnCanvas } from '../kernel/spend-credit-on-canvas';
import { toQuizGradingSubmission } from './load-quiz';

export const QUESTION_SAVE_FAILED = 'Failed to save the grade. Please try again.';
export const QUESTION_SAVE_ERROR = 'An error occurred while saving the grade.';

export type QuestionScoresTarget = { courseId: number; quizId: number; quizSubmissionId: number };

/**
 * Saves the teacher's scores (and comments) for questions of one student's quiz submission.
 *
 * Billing: one save of one quiz submission costs one usage credit, however many questions it
 * scores (the grading card saves one question at a time, so in practice one credit per question
 * graded). The credit is reserved before Canvas is asked and given back if Canvas refuses,
 * exactly as for assignment grades; every outcome is audited.
 *
 * Canvas requests: the quiz, its questions and the quiz submission (in parallel, to check the
 * question ids, the maximum points and that the attempt is finished), then the PUT.
 */
export async function saveQuestionScores(
  deps: { client: CanvasClient; usage: UsageStore; audit: AuditWriter },
  teacher: { id: string; email: string },
  target: QuestionScoresTarget,
  request: SaveQuestionScoresRequest,
): Promise<Omit<QuizGradingSubmission, 'user'>> {
  const { client } = deps;
  const [quiz, questions, quizSubmission] = await Promise.all([
    client.getQuiz(target.courseId, target.quizId),
    client.listQuizQuestions(target.courseId, target.quizId),
    client.getQuizSubmission(target.courseId, target.quizId, target.quizSubmissionId),
  ]);
  // A practice quiz or an ungraded survey has no grade to save: refused before any credit is reserved.
  if (!isGradedQuiz({ quiz_type: quiz.quizType, assignment_id: quiz.assignmentId })) {
    throw new AppError('QUIZ_NOT_GRADED', quizNotGradedMessage(quiz.quizType));
  }
  if (
    quizSubmission.workflowState === 'untaken' ||
    quizSubmission.attempt === null ||
    quizSubmission.finishedAt === null
  ) {
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

  const recordId = `${target.courseId}/quizzes/${target.quizId}/submissions/${target.quizSubmissionId}`;
  const values = {
    course_id: target.courseId,
    quiz_id: target.quizId,
    quiz_submission_id: target.quizSubmissionId,
    student_id: quizSubmission.userId,
    attempt: quizSubmission.attempt,
    questions: request.questions.map((item) => ({
      question_id: item.questionId,
      score: item.score,
      comment: item.comment,
    })),
  };
  const update: CanvasQuizScoreUpdate = {
    attempt: quizSubmission.attempt,
    // An empty comment is left out: Canvas would clear an earlier comment on "".
    questions: Object.fromEntries(
      request.questions.map((item) => [
        item.questionId,
        item.comment.trim() ? { score: item.score, comment: item.comment } : { score: item.score },
      ]),
    ),
  };
  const saved = await spendCreditOnCanvas(deps, teacher, {
    recordId,
    tableName: 'canvas_quiz_submissions',
    values,
    actions: {
      saved: 'GRADE_QUIZ_QUESTION',
      refused: 'GRADE_QUIZ_QUESTION_FAILED',
      failed: 'GRADE_QUIZ_QUESTION_ERROR',
    },
    write: () => client.updateQuizScores(target.courseId, target.quizId, target.quizSubmissionId, update),
    savedValues: (result) => ({ score: result.score, workflow_state: result.workflowState }),
    refusalMessage: (refusal) => `${QUESTION_SAVE_FAILED} ${refusal.userMessage}`,
    errorMessage: QUESTION_SAVE_ERROR,
  });
  // A complete attempt's kept score is what Canvas writes to the gradebook: it is graded now.
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
