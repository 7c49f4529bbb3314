import type {
  DemoAccessToken,
  DemoAssignment,
  DemoAssignmentGroup,
  DemoAttachment,
  DemoCourse,
  DemoDiscussionEntry,
  DemoDiscussionTopic,
  DemoEnrollment,
  DemoOutcome,
  DemoQuiz,
  DemoQuizQuestion,
  DemoQuizSubmission,
  DemoSubmission,
  DemoTerm,
  DemoUser,
} from './model';
import { DemoOAuth } from './domain/oauth';
import { DemoLti } from './domain/lti';

/** Where each kind of id starts, so ids of different things look different in logs and tests. */
const ID_STARTS = {
  user: 2001,
  enrollment: 12001,
  term: 1,
  course: 4201,
  assignmentGroup: 301,
  assignment: 5001,
  rubric: 701,
  rubricPart: 1201,
  submission: 90001,
  attachment: 33001,
  comment: 55001,
  topic: 6101,
  entry: 70001,
  quiz: 8101,
  question: 9101,
  answer: 30001,
  quizSubmission: 88001,
  outcome: 401,
} as const;

export type IdKind = keyof typeof ID_STARTS;

/**
 * Everything the demo Canvas knows, in memory. Mutated by grading requests, so each server (and
 * each test) gets its own instance from `createDemoCanvasState()`.
 */
export class DemoCanvasState {
  /** The moment the seed was built around: due dates and submission times are relative to it. */
  readonly seededAt: Date;
  teacherId = 0;
  readonly users = new Map<number, DemoUser>();
  readonly accessTokens = new Map<string, DemoAccessToken>();
  readonly terms = new Map<number, DemoTerm>();
  readonly courses = new Map<number, DemoCourse>();
  readonly enrollments: DemoEnrollment[] = [];
  /** Courses each user starred; users without an entry get Canvas's automatic selection. */
  readonly favoriteCourseIds = new Map<number, number[]>();
  readonly assignmentGroups = new Map<number, DemoAssignmentGroup>();
  readonly assignments = new Map<number, DemoAssignment>();
  readonly outcomes = new Map<number, DemoOutcome>();
  readonly submissions = new Map<number, DemoSubmission>();
  readonly attachments = new Map<number, DemoAttachment>();
  /** Generated file bytes, made on first use because building .docx and .pdf files is async. */
  readonly attachmentBytes = new Map<number, Uint8Array>();
  readonly discussionTopics = new Map<number, DemoDiscussionTopic>();
  readonly discussionEntries = new Map<number, DemoDiscussionEntry>();
  readonly quizzes = new Map<number, DemoQuiz>();
  readonly quizQuestions = new Map<number, DemoQuizQuestion>();
  readonly quizSubmissions = new Map<number, DemoQuizSubmission>();
  /** Developer keys, authorisation codes and OAuth2 grants (the seed adds Margin's key). */
  readonly oauth = new DemoOAuth(this.accessTokens, this.users);
  /** The platform side of LTI 1.3: signing keys and Margin's LTI key. */
  readonly lti = new DemoLti();

  private readonly lastIds = new Map<IdKind, number>();
  private readonly submissionIdsByAssignment = new Map<number, Map<number, number>>();

  constructor(seededAt: Date) {
    this.seededAt = seededAt;
  }

  nextId(kind: IdKind): number {
    const id = (this.lastIds.get(kind) ?? ID_STARTS[kind] - 1) + 1;
    this.lastIds.set(kind, id);
    return id;
  }

  /** Records an id chosen by hand (the seeded teacher) so later generated ids never collide. */
  reserveId(kind: IdKind, id: number): void {
    if (id > (this.lastIds.get(kind) ?? 0) && id >= ID_STARTS[kind]) this.lastIds.set(kind, id);
  }

  addSubmission(submission: DemoSubmission): void {
    this.submissions.set(submission.id, submission);
    let byUser = this.submissionIdsByAssignment.get(submission.assignmentId);
    if (!byUser) {
      byUser = new Map();
      this.submissionIdsByAssignment.set(submission.assignmentId, byUser);
    }
    byUser.set(submission.userId, submission.id);
  }

  submissionOf(assignmentId: number, userId: number): DemoSubmission | undefined {
    const id = this.submissionIdsByAssignment.get(assignmentId)?.get(userId);
    return id === undefined ? undefined : this.submissions.get(id);
  }

  enrollmentsOfUser(userId: number): DemoEnrollment[] {
    return this.enrollments.filter((enrollment) => enrollment.userId === userId);
  }

  enrollmentsInCourse(courseId: number): DemoEnrollment[] {
    return this.enrollments.filter((enrollment) => enrollment.courseId === courseId);
  }

  /**
   * Students a teacher sees in a course (active, invited, and the concluded course's former
   * students), by user id as Canvas orders submissions.
   */
  studentIdsIn(courseId: number): number[] {
    return this.enrollments
      .filter((e) => e.courseId === courseId && e.type === 'student')
      .map((e) => e.userId)
      .sort((a, b) => a - b);
  }

  assignmentsIn(courseId: number): DemoAssignment[] {
    return [...this.assignments.values()].filter((assignment) => assignment.courseId === courseId);
  }

  topicsIn(courseId: number): DemoDiscussionTopic[] {
    return [...this.discussionTopics.values()].filter((topic) => topic.courseId === courseId);
  }

  entriesOf(topicId: number): DemoDiscussionEntry[] {
    return [...this.discussionEntries.values()]
      .filter((entry) => entry.topicId === topicId)
      .sort((a, b) => a.id - b.id);
  }

  quizzesIn(courseId: number): DemoQuiz[] {
    return [...this.quizzes.values()].filter((quiz) => quiz.courseId === courseId);
  }

  questionsOf(quizId: number): DemoQuizQuestion[] {
    return [...this.quizQuestions.values()].filter((q) => q.quizId === quizId).sort((a, b) => a.id - b.id);
  }

  quizSubmissionsOf(quizId: number): DemoQuizSubmission[] {
    return [...this.quizSubmissions.values()].filter((qs) => qs.quizId === quizId).sort((a, b) => a.id - b.id);
  }
}
