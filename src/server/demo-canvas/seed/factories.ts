import { createHash } from 'node:crypto';
import type {
  DemoAssignment,
  DemoAttachment,
  DemoCourse,
  DemoDiscussionEntry,
  DemoDiscussionTopic,
  DemoEnrollment,
  DemoQuiz,
  DemoQuizQuestion,
  DemoQuizSubmission,
  DemoRubric,
  DemoSubmission,
  DemoTerm,
  DemoUser,
  EnrollmentType,
} from '../model';
import type { Random } from '../random';
import type { DemoCanvasState } from '../state';
import { unsubmittedRow } from '../domain/submission-rows';
import { iso } from '../time';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { RATING_LEVELS, RUBRIC_TEMPLATES, type RubricTemplateKey } from './rubrics';

/**
 * Builds demo records with believable defaults and inserts them into the state. Every method takes
 * overrides, so the default seed, the benchmark scenarios and tests describe only what matters.
 */
export class DemoFactory {
  private readonly usedNames = new Set<string>();
  private readonly positions = new Map<number, number>();

  constructor(
    readonly state: DemoCanvasState,
    readonly random: Random,
  ) {}

  private get now(): Date {
    return this.state.seededAt;
  }

  /** A stable, random-looking hex string (uuids, verifiers, validation tokens). */
  token(label: string, length = 40): string {
    return createHash('sha256').update(`${label}:${this.random.next()}`).digest('hex').slice(0, length);
  }

  user(overrides: Partial<DemoUser> & { firstName?: string; lastName?: string } = {}): DemoUser {
    const { firstName: first, lastName: last, ...fields } = overrides;
    const [firstName, lastName] = first && last ? [first, last] : this.uniqueName();
    this.usedNames.add(`${firstName} ${lastName}`);
    const user: DemoUser = {
      id: fields.id ?? this.state.nextId('user'),
      name: `${firstName} ${lastName}`,
      shortName: `${firstName} ${lastName}`,
      sortableName: `${lastName}, ${firstName}`,
      email: `${firstName}.${lastName}@students.northridge.example.edu`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
      pronouns: null,
      timeZone: 'America/Denver',
      createdAt: iso(new Date(this.now.getTime() - this.random.int(200, 900) * 86400000)),
      ...fields,
    };
    this.state.reserveId('user', user.id);
    this.state.users.set(user.id, user);
    return user;
  }

  /** A first and last name not used yet in this state (a suffix once the combinations run out). */
  private uniqueName(): [string, string] {
    for (let attempt = 0; attempt < 50; attempt++) {
      const first = this.random.pick(FIRST_NAMES);
      const last = this.random.pick(LAST_NAMES);
      if (!this.usedNames.has(`${first} ${last}`)) return [first, last];
    }
    return [this.random.pick(FIRST_NAMES), `${this.random.pick(LAST_NAMES)}-${this.usedNames.size}`];
  }

  accessToken(token: string, userId: number, overrides: { expiresAt?: string | null; revoked?: boolean } = {}): void {
    this.state.accessTokens.set(token, {
      userId,
      expiresAt: overrides.expiresAt ?? null,
      revoked: overrides.revoked ?? false,
    });
  }

  term(overrides: Partial<DemoTerm> & { name: string }): DemoTerm {
    const term: DemoTerm = {
      id: this.state.nextId('term'),
      startAt: null,
      endAt: null,
      createdAt: iso(this.daysFromNow(-400)),
      ...overrides,
    };
    this.state.terms.set(term.id, term);
    return term;
  }

  course(overrides: Partial<DemoCourse> & { name: string; courseCode: string; termId: number }): DemoCourse {
    const course: DemoCourse = {
      id: this.state.nextId('course'),
      workflowState: 'available',
      startAt: iso(this.daysFromNow(-45)),
      endAt: iso(this.daysFromNow(75)),
      createdAt: iso(this.daysFromNow(-60)),
      uuid: this.token('course', 40),
      timeZone: 'America/Denver',
      syllabusBody: null,
      ...overrides,
    };
    this.state.courses.set(course.id, course);
    return course;
  }

  enroll(
    course: DemoCourse,
    user: DemoUser,
    type: EnrollmentType,
    overrides: Partial<DemoEnrollment> = {},
  ): DemoEnrollment {
    const enrollment: DemoEnrollment = {
      id: this.state.nextId('enrollment'),
      courseId: course.id,
      userId: user.id,
      type,
      state: course.workflowState === 'completed' ? 'completed' : 'active',
      canManageGrades: type === 'teacher',
      ...overrides,
    };
    this.state.enrollments.push(enrollment);
    return enrollment;
  }

  rubric(templateKey: RubricTemplateKey, pointsPossible: number, overrides: Partial<DemoRubric> = {}): DemoRubric {
    const template = RUBRIC_TEMPLATES[templateKey];
    return {
      id: this.state.nextId('rubric'),
      title: template.title,
      freeFormCriterionComments: false,
      useForGrading: true,
      criteria: template.criteria.map((criterion) => {
        const points = Math.round(pointsPossible * criterion.share * 2) / 2;
        return {
          id: `_${this.state.nextId('rubricPart')}`,
          points,
          description: criterion.description,
          longDescription: criterion.longDescription,
          ratings: RATING_LEVELS.map((level) => ({
            id: `_${this.state.nextId('rubricPart')}`,
            points: Math.round(points * level.fraction * 2) / 2,
            description: level.description,
            longDescription: level.longDescription,
          })),
        };
      }),
      ...overrides,
    };
  }

  /** A fresh rubric criterion or rating id ("_1234"). */
  rubricPartId(): string {
    return `_${this.state.nextId('rubricPart')}`;
  }

  /** A new assignment group (Canvas lists a course's groups from the assignments in them here). */
  assignmentGroupId(name = 'Assignments'): number {
    const id = this.state.nextId('assignmentGroup');
    this.state.assignmentGroups.set(id, { id, name, position: this.state.assignmentGroups.size + 1, groupWeight: 0 });
    return id;
  }

  /** An assignment, with an unsubmitted row for every student already enrolled. */
  assignment(
    course: DemoCourse,
    overrides: Partial<DemoAssignment> & { name: string; assignmentGroupId: number },
  ): DemoAssignment {
    const position = (this.positions.get(course.id) ?? 0) + 1;
    this.positions.set(course.id, position);
    const createdAt = iso(this.daysFromNow(-50));
    const assignment: DemoAssignment = {
      id: this.state.nextId('assignment'),
      courseId: course.id,
      position,
      description: '',
      pointsPossible: 100,
      gradingType: 'points',
      submissionTypes: ['online_text_entry'],
      allowedExtensions: [],
      dueAt: null,
      lockAt: null,
      unlockAt: null,
      createdAt,
      updatedAt: createdAt,
      published: true,
      postManually: false,
      rubric: null,
      quizId: null,
      discussionTopicId: null,
      ...overrides,
    };
    this.state.assignments.set(assignment.id, assignment);
    for (const userId of this.state.studentIdsIn(course.id)) this.submission(assignment, userId);
    return assignment;
  }

  /** The student's row for an assignment; replaces the unsubmitted placeholder. */
  submission(assignment: DemoAssignment, userId: number, overrides: Partial<DemoSubmission> = {}): DemoSubmission {
    const existing = this.state.submissionOf(assignment.id, userId);
    const submission: DemoSubmission = {
      ...unsubmittedRow(existing?.id ?? this.state.nextId('submission'), assignment.id, userId),
      ...overrides,
    };
    this.state.addSubmission(submission);
    return submission;
  }

  comment(submission: DemoSubmission, authorId: number, text: string, createdAt: Date): void {
    submission.comments.push({
      id: this.state.nextId('comment'),
      authorId,
      comment: text,
      createdAt: iso(createdAt),
      attempt: submission.attempt,
    });
  }

  attachment(
    courseId: number,
    fields: Pick<DemoAttachment, 'filename' | 'contentType' | 'text' | 'title' | 'createdAt'>,
  ): DemoAttachment {
    const attachment: DemoAttachment = {
      id: this.state.nextId('attachment'),
      courseId,
      uuid: this.token('attachment', 40),
      displayName: fields.filename,
      verifier: this.token('verifier', 40),
      ...fields,
    };
    this.state.attachments.set(attachment.id, attachment);
    return attachment;
  }

  topic(
    course: DemoCourse,
    overrides: Partial<DemoDiscussionTopic> & { title: string; message: string; authorId: number },
  ): DemoDiscussionTopic {
    const postedAt = iso(this.daysFromNow(-14));
    const topic: DemoDiscussionTopic = {
      id: this.state.nextId('topic'),
      courseId: course.id,
      createdAt: postedAt,
      postedAt,
      assignmentId: null,
      position: this.state.topicsIn(course.id).length + 1,
      published: true,
      pinned: false,
      locked: false,
      requireInitialPost: false,
      discussionType: 'threaded',
      ...overrides,
    };
    this.state.discussionTopics.set(topic.id, topic);
    return topic;
  }

  entry(
    topic: DemoDiscussionTopic,
    userId: number,
    overrides: Partial<DemoDiscussionEntry> & { message: string; createdAt: string },
  ): DemoDiscussionEntry {
    const entry: DemoDiscussionEntry = {
      id: this.state.nextId('entry'),
      topicId: topic.id,
      userId,
      parentId: null,
      updatedAt: overrides.createdAt,
      deleted: false,
      ...overrides,
    };
    this.state.discussionEntries.set(entry.id, entry);
    return entry;
  }

  quiz(course: DemoCourse, overrides: Partial<DemoQuiz> & { title: string }): DemoQuiz {
    const quiz: DemoQuiz = {
      id: this.state.nextId('quiz'),
      courseId: course.id,
      description: '',
      quizType: 'assignment',
      timeLimit: null,
      allowedAttempts: 1,
      shuffleAnswers: false,
      showCorrectAnswers: true,
      scoringPolicy: 'keep_highest',
      oneQuestionAtATime: false,
      published: true,
      dueAt: null,
      lockAt: null,
      unlockAt: null,
      assignmentId: null,
      assignmentGroupId: null,
      createdAt: iso(this.daysFromNow(-30)),
      ...overrides,
    };
    this.state.quizzes.set(quiz.id, quiz);
    return quiz;
  }

  /** A question; `answers` are texts with the correct one(s) marked. */
  question(
    quiz: DemoQuiz,
    fields: Pick<DemoQuizQuestion, 'name' | 'type' | 'text' | 'pointsPossible'> & {
      answers?: Array<{ text: string; isCorrect: boolean }>;
    },
  ): DemoQuizQuestion {
    const question: DemoQuizQuestion = {
      id: this.state.nextId('question'),
      quizId: quiz.id,
      position: this.state.questionsOf(quiz.id).length + 1,
      name: fields.name,
      type: fields.type,
      text: fields.text,
      pointsPossible: fields.pointsPossible,
      answers: (fields.answers ?? []).map((answer) => ({
        id: this.state.nextId('answer'),
        text: answer.text,
        weight: answer.isCorrect ? 100 : 0,
        comments: '',
      })),
      correctComments: '',
      incorrectComments: '',
      neutralComments: '',
      createdAt: quiz.createdAt,
    };
    this.state.quizQuestions.set(question.id, question);
    return question;
  }

  quizSubmission(
    quiz: DemoQuiz,
    userId: number,
    overrides: Partial<DemoQuizSubmission> & { startedAt: string; results: DemoQuizSubmission['results'] },
  ): DemoQuizSubmission {
    const points = overrides.results.reduce((sum, result) => sum + result.points, 0);
    const isPending = overrides.results.some((result) => result.correct === 'undefined');
    const quizSubmission: DemoQuizSubmission = {
      id: this.state.nextId('quizSubmission'),
      quizId: quiz.id,
      userId,
      submissionId: null,
      attempt: 1,
      finishedAt: overrides.startedAt,
      fudgePoints: null,
      score: points,
      keptScore: points,
      workflowState: isPending ? 'pending_review' : 'complete',
      timeSpent: 600,
      validationToken: this.token('validation', 64),
      ...overrides,
    };
    this.state.quizSubmissions.set(quizSubmission.id, quizSubmission);
    return quizSubmission;
  }

  daysFromNow(days: number): Date {
    return new Date(this.now.getTime() + days * 86400000);
  }
}
