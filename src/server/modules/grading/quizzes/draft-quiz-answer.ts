import type { GradingOptions } from '@/shared/schemas/ai';
import type { DraftResponse } from '@/shared/schemas/grading';
import { isGradedQuiz, questionTypeLabel, quizNotGradedMessage } from '@/shared/schemas/quiz-grading';
import { AppError } from '@/server/core/app-error';
import type { CanvasClient } from '@/server/adapters/canvas';
import { htmlToText } from '@/server/adapters/documents';
import { draftFromStudentWork } from '../kernel/draft-from-student-work';
import type { GradeDrafter } from '../kernel/drafter-port';
import { toAnswerError } from './get-quiz-answers';

/** Question types whose answer is text the engine can read. */
const DRAFTABLE_TYPES = new Set(['essay_question', 'short_answer_question', 'fill_in_multiple_blanks_question']);

/**
 * Drafts a score and comment for one student's answer to one written question (an essay, mostly):
 * the question, the answer and the question's points go to the same engine as assignment drafts,
 * with the student's name replaced. Canvas requests: the quiz, its questions and the quiz submission
 * in parallel, then the student's submission with its history (answers and name in one request).
 */
export async function draftQuizAnswer(input: {
  engine: GradeDrafter;
  client: CanvasClient;
  target: { courseId: number; quizId: number; quizSubmissionId: number; questionId: number };
  options: GradingOptions;
}): Promise<DraftResponse> {
  const { engine, client, target, options } = input;
  const [quiz, questions, quizSubmission] = await Promise.all([
    client.getQuiz(target.courseId, target.quizId),
    client.listQuizQuestions(target.courseId, target.quizId),
    client.getQuizSubmission(target.courseId, target.quizId, target.quizSubmissionId),
  ]);
  if (!isGradedQuiz({ quiz_type: quiz.quizType, assignment_id: quiz.assignmentId })) {
    throw new AppError('QUIZ_NOT_GRADED', quizNotGradedMessage(quiz.quizType));
  }
  const question = questions.find((candidate) => candidate.id === target.questionId);
  if (!question) throw new AppError('NOT_FOUND', 'That question is not part of this quiz.');
  if (!DRAFTABLE_TYPES.has(question.type)) {
    throw new AppError(
      'VALIDATION',
      `AI drafts are for written answers; a ${questionTypeLabel(question.type)} question is scored by Canvas or by you.`,
    );
  }
  if (quiz.assignmentId === null) throw new AppError('QUIZ_NOT_GRADED', quizNotGradedMessage(quiz.quizType));

  let submission;
  try {
    submission = await client.getSubmission(target.courseId, quiz.assignmentId, quizSubmission.userId, {
      withQuizAnswers: true,
    });
  } catch (error) {
    throw toAnswerError(error);
  }
  const answer = submission.quizAnswers?.find((candidate) => candidate.questionId === question.id);
  const answerText = htmlToText(answer?.text ?? '').trim();
  if (!answerText)
    throw new AppError('VALIDATION', 'The student did not answer this question, so there is nothing to draft from.');

  const names = [submission.user?.name, submission.user?.sortableName].filter((name): name is string => Boolean(name));
  const questionText = htmlToText(question.text).trim() || question.name;
  const response = await draftFromStudentWork({
    engine,
    work: { text: answerText, ownText: answerText, files: { read: [], unsupported: [], failed: [] } },
    identity: { names, emails: [] },
    task: {
      // The quiz-answer variant of the prompt: this one question, its type and its points.
      variant: { kind: 'quiz-answer', questionType: questionTypeLabel(question.type) },
      name: `${quiz.title}: ${question.name || 'Question'}`,
      descriptionText: questionText,
      pointsPossible: question.pointsPossible,
      rubric: null,
      promptText: `${quiz.title}: ${question.name || 'Question'}\n\n${questionText}`,
    },
    options: { ...options, useRubric: false },
    examples: [],
  });
  // finalizeDraft treats 0 points as "unknown" (100); a question worth nothing gets nothing.
  if (question.pointsPossible <= 0) response.draft.grade = 0;
  return response;
}
