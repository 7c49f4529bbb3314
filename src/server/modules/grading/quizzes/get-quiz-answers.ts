import { ANONYMOUS_TOPIC_REFUSAL } from '@/shared/anonymous-students';
import { QUIZ_ANSWER_MESSAGES, type QuizAnswer, type QuizAnswersResponse } from '@/shared/schemas/quiz-grading';
import { AppError, isAppError } from '@/server/core/app-error';
import type { CanvasClient, CanvasQuizAnswer } from '@/server/adapters/canvas';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';

export function toQuizAnswer(answer: CanvasQuizAnswer): QuizAnswer {
  return {
    question_id: answer.questionId,
    correct: answer.correct,
    points: answer.points,
    text: answer.text,
    answer_id: answer.answerId,
    teacher_comment: answer.teacherComment,
  };
}

/** The answer errors of spec part 2 §8, by what went wrong; anything else keeps its own message. */
export function toAnswerError(error: unknown): unknown {
  if (!isAppError(error)) return error;
  const remap = (message: string) => new AppError(error.code, message, { cause: error, details: error.details });
  if (error.code === 'CANVAS_NOT_FOUND') return remap(QUIZ_ANSWER_MESSAGES.notFound);
  if (error.code === 'CANVAS_PERMISSION') return remap(QUIZ_ANSWER_MESSAGES.forbidden);
  if (error.code === 'CANVAS_NOT_CONNECTED') return remap(QUIZ_ANSWER_MESSAGES.credentials);
  if (error.code === 'CANVAS_UNAVAILABLE' && error.details?.reason === 'unexpected_response')
    return remap(QUIZ_ANSWER_MESSAGES.invalidFormat);
  return error;
}

/**
 * One student's answers to a classic quiz. Canvas gives finished answers only through the quiz
 * assignment's submission history (the quiz submission questions endpoint omits them), so the
 * student's user id is needed, and a quiz without an assignment has no answers to give.
 * Two requests: the quiz (for its assignment), then the student's submission with its history; one
 * when the caller names the quiz's assignment (the grading screen has it from the quiz view, and
 * Canvas answers only for an assignment the teacher may read).
 */
export async function getQuizAnswers(
  client: CanvasClient,
  target: { courseId: number; quizId: number; userId: number | undefined; assignmentId?: number | undefined },
): Promise<QuizAnswersResponse> {
  try {
    const quiz =
      target.assignmentId !== undefined
        ? { assignmentId: target.assignmentId }
        : await client.getQuiz(target.courseId, target.quizId);
    if (quiz.assignmentId === null) {
      throw new AppError('VALIDATION', QUIZ_ANSWER_MESSAGES.noAssignment, { details: { reason: 'no_assignment' } });
    }
    if (target.userId === undefined) {
      throw new AppError('VALIDATION', QUIZ_ANSWER_MESSAGES.newQuizzes, {
        details: { reason: 'user_id_required', field: 'userId' },
      });
    }
    // A student of a quiz graded anonymously is known by her label only: Canvas reads answers by user id.
    if (target.userId < 0) {
      throw new AppError('FORBIDDEN', ANONYMOUS_TOPIC_REFUSAL, { details: { reason: 'anonymous_grading' } });
    }
    const answers = await client.getQuizAnswers(target.courseId, quiz.assignmentId, target.userId);
    return {
      answers: answers.map(toQuizAnswer),
      debug_info: {
        answers_source: 'submission_history',
        is_assignment_based_quiz: true,
        assignment_id: quiz.assignmentId,
      },
    };
  } catch (error) {
    throw toAnswerError(error);
  }
}

/** The answers route's use case: the teacher's Canvas, then getQuizAnswers, every failure in the answers' words. */
export async function loadQuizAnswers(
  canvas: CanvasAccess,
  teacherId: string,
  target: { courseId: number; quizId: number; userId: number | undefined; assignmentId?: number | undefined },
): Promise<QuizAnswersResponse> {
  const { client } = await canvas.clientFor(teacherId).catch((error: unknown) => {
    throw toAnswerError(error);
  });
  return getQuizAnswers(client, target);
}
