import type {
  DemoAssignment,
  DemoDiscussionEntry,
  DemoDiscussionTopic,
  DemoQuestionResult,
  DemoQuiz,
  DemoQuizQuestion,
} from '../model';
import type { Random } from '../random';
import { applyScore } from '../domain/grade-submission';
import { scoreToGrade } from '../domain/grade-interpretation';
import { addMinutes, iso } from '../time';
import type { Classroom, Student } from './classroom';
import type { DemoFactory } from './factories';
import type { TopicKey } from './essay-topics';
import { HOBBIES } from './names';
import {
  writeDiscussionPost,
  writeDiscussionReply,
  writeIntroduction,
  writeIntroductionReply,
  writeParagraph,
  type WriterLevel,
} from './essay-writer';

export interface DiscussionPlan {
  /** Essay topic the posts argue about, or introductions. */
  subject: TopicKey | 'introductions';
  posters: number;
  replies: number;
  from: Date;
  until: Date;
  /** For a graded discussion: how many posters are already graded. */
  graded?: number;
  /** Posts a student later deleted (shown by Canvas as `deleted: true`). */
  deleted?: number;
  teacherReplies?: number;
}

/**
 * Fills a discussion with first posts and replies to each other, threaded several levels deep.
 * For a graded discussion every poster also gets a `discussion_topic` submission.
 */
export function runDiscussion(
  factory: DemoFactory,
  random: Random,
  classroom: Classroom,
  topic: DemoDiscussionTopic,
  students: readonly Student[],
  plan: DiscussionPlan,
  assignment?: DemoAssignment,
): void {
  const span = plan.until.getTime() - plan.from.getTime();
  const posters = random.sample(students, plan.posters);
  const byId = new Map(students.map((s) => [s.user.id, s]));
  const entries: DemoDiscussionEntry[] = [];
  const roots = posters
    .map((student) => ({ student, at: new Date(plan.from.getTime() + random.next() * span * 0.7) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { student, at } of roots) {
    const message =
      plan.subject === 'introductions'
        ? writeIntroduction(random, student.firstName, HOBBIES)
        : writeDiscussionPost(random, plan.subject, student.level);
    entries.push(factory.entry(topic, student.user.id, { message, createdAt: iso(at) }));
  }
  for (let i = 0; i < plan.replies && entries.length > 0; i++) {
    const rootsOnly = entries.filter((e) => e.parentId === null);
    const parent = random.chance(0.65) ? random.pick(rootsOnly) : random.pick(entries);
    const author = random.pick(students.filter((s) => s.user.id !== parent.userId));
    const parentAuthor = byId.get(parent.userId)?.firstName ?? 'there';
    const at = addMinutes(new Date(parent.createdAt), random.int(15, 60 * 36));
    const capped = at > plan.until ? plan.until : at;
    const message =
      plan.subject === 'introductions'
        ? writeIntroductionReply(random, parentAuthor)
        : writeDiscussionReply(random, plan.subject, parentAuthor);
    entries.push(factory.entry(topic, author.user.id, { message, createdAt: iso(capped), parentId: parent.id }));
  }
  for (let i = 0; i < (plan.teacherReplies ?? 0); i++) {
    const parent = random.pick(entries.filter((e) => e.parentId === null));
    const name = byId.get(parent.userId)?.firstName ?? 'everyone';
    const at = addMinutes(new Date(parent.createdAt), random.int(60, 60 * 20));
    entries.push(
      factory.entry(topic, classroom.teacherId, {
        message: `<p>${name}, thoughtful post. Can you find one more piece of evidence to support your point?</p>`,
        createdAt: iso(at > plan.until ? plan.until : at),
        parentId: parent.id,
      }),
    );
  }
  for (const entry of random.sample(
    entries.filter((e) => e.parentId !== null && e.userId !== classroom.teacherId),
    plan.deleted ?? 0,
  )) {
    entry.deleted = true;
    entry.updatedAt = iso(addMinutes(new Date(entry.createdAt), 30));
  }
  if (assignment)
    recordDiscussionSubmissions(factory, random, classroom, assignment, students, entries, plan.graded ?? 0);
}

function recordDiscussionSubmissions(
  factory: DemoFactory,
  random: Random,
  classroom: Classroom,
  assignment: DemoAssignment,
  students: readonly Student[],
  entries: readonly DemoDiscussionEntry[],
  gradedCount: number,
): void {
  const posters = students.filter((s) => entries.some((e) => e.userId === s.user.id && !e.deleted));
  const toGrade = new Set(random.sample(posters, gradedCount).map((s) => s.user.id));
  for (const student of posters) {
    const firstPost = entries
      .filter((e) => e.userId === student.user.id)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
    const submission = factory.submission(assignment, student.user.id, {
      submissionType: 'discussion_topic',
      submittedAt: firstPost?.createdAt ?? null,
      attempt: 1,
      workflowState: 'submitted',
    });
    if (toGrade.has(student.user.id))
      classroom.grade(assignment, submission, student.level, classroom.gradedAt(submission));
  }
}

export interface QuizPlan {
  takers: number;
  /** Of the takers, how many essays the teacher has not scored yet (pending_review). */
  pendingReview: number;
  takenBefore: Date;
}

const CHANCE_CORRECT: Record<WriterLevel, number> = { strong: 0.92, average: 0.72, weak: 0.45 };
const ESSAY_COMMENTS = [
  'Good use of evidence from the story.',
  'You describe the narrator well, but explain why he is unreliable.',
  'Strong paragraph with a clear claim.',
  'Please support your answer with a quotation next time.',
];

/**
 * Students take a classic quiz: auto-graded questions are scored, essay answers wait for the
 * teacher (pending_review) unless already scored. Linked assignment submissions follow.
 */
export function takeQuiz(
  factory: DemoFactory,
  random: Random,
  classroom: Classroom,
  quiz: DemoQuiz,
  questions: readonly DemoQuizQuestion[],
  students: readonly Student[],
  plan: QuizPlan,
  assignment?: DemoAssignment,
): void {
  const takers = random.sample(students, plan.takers);
  const pending = new Set(takers.slice(0, plan.pendingReview).map((s) => s.user.id));
  for (const student of takers) {
    const startedAt = addMinutes(plan.takenBefore, -random.int(60, 60 * 24 * 4));
    const timeSpent = random.int(6 * 60, (quiz.timeLimit ?? 30) * 60);
    const isPending = pending.has(student.user.id);
    const results = questions.map((question) => answer(random, question, student.level, isPending));
    const quizSubmission = factory.quizSubmission(quiz, student.user.id, {
      startedAt: iso(startedAt),
      finishedAt: iso(addMinutes(startedAt, Math.round(timeSpent / 60))),
      timeSpent,
      results,
    });
    if (!assignment) continue;
    const submission = factory.submission(assignment, student.user.id, {
      submissionType: 'online_quiz',
      submittedAt: quizSubmission.finishedAt,
      attempt: 1,
      quizSubmissionId: quizSubmission.id,
    });
    quizSubmission.submissionId = submission.id;
    const score = quizSubmission.score ?? 0;
    const finishedAt = new Date(quizSubmission.finishedAt ?? quizSubmission.startedAt);
    if (isPending) {
      Object.assign(submission, { workflowState: 'pending_review', score, grade: scoreToGrade(assignment, score) });
    } else {
      const hasEssay = results.some((r) => r.correct === 'defined');
      // Canvas records auto-graded quizzes with a negative grader id (-quiz id).
      applyScore(
        submission,
        assignment,
        score,
        hasEssay ? classroom.teacherId : -quiz.id,
        hasEssay ? classroom.gradedAt(submission) : finishedAt,
      );
    }
  }
}

function answer(
  random: Random,
  question: DemoQuizQuestion,
  level: WriterLevel,
  isPending: boolean,
): DemoQuestionResult {
  if (question.type === 'essay_question') {
    const text = `<p>${writeParagraph(random, 'tell-tale-heart', level)}</p>`;
    if (isPending)
      return { questionId: question.id, correct: 'undefined', points: 0, text, answerId: null, moreComments: null };
    const fraction = level === 'strong' ? 0.9 : level === 'average' ? 0.7 : 0.5;
    return {
      questionId: question.id,
      correct: 'defined',
      points: Math.round(question.pointsPossible * fraction * 2) / 2,
      text,
      answerId: null,
      moreComments: random.chance(0.5) ? random.pick(ESSAY_COMMENTS) : null,
    };
  }
  const correct = question.answers.find((a) => a.weight === 100);
  const wrong = question.answers.filter((a) => a.weight !== 100);
  const isCorrect = random.chance(CHANCE_CORRECT[level]) || wrong.length === 0;
  const chosen = isCorrect ? correct : random.pick(wrong);
  return {
    questionId: question.id,
    correct: isCorrect,
    points: isCorrect ? question.pointsPossible : 0,
    text: String(chosen?.id ?? ''),
    answerId: chosen?.id ?? null,
    moreComments: null,
  };
}
