import type { GradingOptions } from '@/shared/schemas/ai';
import type { DraftResponse } from '@/shared/schemas/grading';
import { isGradedQuiz, questionTypeLabel, quizNotGradedMessage } from '@/shared/schemas/quiz-grading';
import { AppError } from '@/server/core/app-error';
import type { CanvasClient } from '@/server/adapters/canvas';
import { htmlToText } from '@/server/adapters/documents';
import { draftAndKeep } from '../kernel/draft-and-keep';
import { draftFromStudentWork } from '../kernel/draft-from-student-work';
import type { GradeDrafter } from '../kernel/drafter-port';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { assertNotAnonymousTopic } from '../kernel/save-grade';
import { prepareClassInSlices, rosterMemberOf } from '../kernel/prepare-class';
import { toAnswerError } from './get-quiz-answers';

/** Question types whose answer is text the engine can read. */
const DRAFTABLE_TYPES = new Set(['essay_question', 'short_answer_question', 'fill_in_multiple_blanks_question']);

/**
 * Drafts a score and comment for one student's answer to one written question (an essay, mostly):
 * the question, the answer and the question's points go to the same engine as assignment drafts,
 * with every name on the quiz's roster replaced (the student's own put back in the draft). Canvas
 * requests: the quiz, its questions and the quiz submission in parallel, then the student's
 * submission with its history (answers and name) beside the quiz assignment's roster.
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
  assertNotAnonymousTopic(await client.getAssignment(target.courseId, quiz.assignmentId));

  let submission;
  let classmates;
  try {
    // The student's answers, and the quiz's roster: a written answer may name anyone in the class.
    [submission, classmates] = await Promise.all([
      client.getSubmission(target.courseId, quiz.assignmentId, quizSubmission.userId, { withQuizAnswers: true }),
      client.listSubmissions(target.courseId, quiz.assignmentId),
    ]);
  } catch (error) {
    throw toAnswerError(error);
  }
  const answer = submission.quizAnswers?.find((candidate) => candidate.questionId === question.id);
  const answerText = htmlToText(answer?.text ?? '').trim();
  if (!answerText)
    throw new AppError('VALIDATION', 'The student did not answer this question, so there is nothing to draft from.');

  const questionText = htmlToText(question.text).trim() || question.name;
  const response = await draftFromStudentWork({
    engine,
    work: { text: answerText, ownText: answerText, files: { read: [], unsupported: [], failed: [] } },
    student: rosterMemberOf(submission),
    // Quiz answers are drafted one at a time, with no classmates' answers as examples: the roster only.
    classroom: await prepareClassInSlices({ roster: classmates.map(rosterMemberOf), pieces: [] }),
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
  });
  // finalizeDraft treats 0 points as "unknown" (100); a question worth nothing gets nothing.
  if (question.pointsPossible <= 0) response.draft.grade = 0;
  return response;
}

/** The draft route's use case: one answer's draft, counted against the allowance and kept for the teacher. */
export async function draftQuizQuestion(
  deps: Pick<GradingDependencies, 'db' | 'drafts' | 'canvas' | 'drafterFor'>,
  teacherId: string,
  target: { courseId: number; quizId: number; quizSubmissionId: number; questionId: number },
  options: GradingOptions,
): Promise<DraftResponse> {
  const { courseId, quizId, quizSubmissionId, questionId } = target;
  return draftAndKeep(
    deps,
    teacherId,
    { target: { kind: 'quiz', courseId, quizId, quizSubmissionId }, key: questionId },
    async () => {
      const { client } = await deps.canvas.clientFor(teacherId);
      return draftQuizAnswer({ engine: await deps.drafterFor(teacherId), client, target, options });
    },
  );
}
