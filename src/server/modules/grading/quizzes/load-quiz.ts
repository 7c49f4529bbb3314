import type { QuizGradingView } from '@/shared/schemas/quiz-grading';
import type { CanvasClient } from '@/server/adapters/canvas';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import { anonymousClassmates } from '../kernel/anonymous-participants';
import { toQuizGradingView, type LoadedQuiz } from './to-quiz-view';

/**
 * The quiz grading screen's data in two parallel rounds: the quiz, its questions, its quiz
 * submissions (one per student, the current attempt) and the course; then, for a quiz with a
 * gradebook assignment, that assignment's submissions, which carry the students' names and whether
 * the gradebook holds a grade, and the assignment itself (its posting policy). Answers are not read here: they come per student, on demand.
 */
export async function loadQuiz(client: CanvasClient, courseId: number, quizId: number): Promise<LoadedQuiz> {
  const [quiz, questions, quizSubmissions, course] = await Promise.all([
    client.getQuiz(courseId, quizId),
    client.listQuizQuestions(courseId, quizId),
    client.listQuizSubmissions(courseId, quizId),
    client.getCourse(courseId),
  ]);
  if (quiz.assignmentId === null) {
    return { quiz, questions, quizSubmissions, course, assignmentSubmissions: [], assignment: null };
  }
  // The assignment too, for its posting policy: whether a saved score reaches the student at once.
  const [assignmentSubmissions, assignment] = await Promise.all([
    client.listSubmissions(courseId, quiz.assignmentId),
    client.getAssignment(courseId, quiz.assignmentId),
  ]);
  if (!assignment.anonymizeStudents)
    return { quiz, questions, quizSubmissions, course, assignmentSubmissions, assignment };
  // Graded anonymously: the course's students, whom the screen shows as Student 1 to N.
  const roster = await anonymousClassmates(client, assignment);
  return { quiz, questions, quizSubmissions, course, assignmentSubmissions, assignment, roster };
}

/** The quiz grading screen's data (loadQuiz), as the screen shows it. */
export async function loadQuizView(
  canvas: CanvasAccess,
  teacherId: string,
  target: { courseId: number; quizId: number },
): Promise<QuizGradingView> {
  const { client, toPublicUrl } = await canvas.clientFor(teacherId);
  return toQuizGradingView(await loadQuiz(client, target.courseId, target.quizId), toPublicUrl);
}
