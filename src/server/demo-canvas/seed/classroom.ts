import type { DemoAssignment, DemoRubricAssessmentEntry, DemoSubmission, DemoUser } from '../model';
import type { Random } from '../random';
import { applyScore } from '../domain/grade-submission';
import { CONTENT_TYPES } from '../files/attachment-files';
import { addMinutes, iso } from '../time';
import type { DemoFactory } from './factories';
import { essayToHtml, essayToText, writeEssay, type WriterLevel } from './essay-writer';
import type { TopicKey } from './essay-topics';

/** A seeded student: who they are and how well they write. */
export interface Student {
  user: DemoUser;
  level: WriterLevel;
  firstName: string;
}

export type UploadType = keyof typeof CONTENT_TYPES;

const TEACHER_FEEDBACK: Record<WriterLevel, string[]> = {
  strong: [
    'Excellent work. Your evidence is specific and your analysis goes well beyond summary.',
    'This is a strong, well-organized essay. Watch the comma splices in your third paragraph.',
    'Your conclusion really lands. Nice job connecting it back to your opening.',
    'Great voice and clear reasoning throughout. This is a model for the class.',
  ],
  average: [
    'Good start. Your thesis is clear, but your body paragraphs need more specific evidence.',
    'Solid organization. Try explaining how each piece of evidence supports your claim.',
    'You have good ideas here; push your analysis further in the second paragraph.',
    'Nice work overall. Your counterargument needs a stronger response.',
  ],
  weak: [
    'Please come see me during office hours so we can work on your thesis together.',
    'This needs more development. Each paragraph should have a claim, evidence, and an explanation.',
    'Remember to proofread for spelling before you submit. Let us talk about ways to organize your ideas.',
    'I can see the start of an argument here. Next time, add examples that support each point.',
  ],
};

const STUDENT_COMMENTS = [
  'Sorry this is a day late, I was out sick on Tuesday.',
  'I was not sure if I should include a works cited page, so I added one at the end.',
  'Can I revise this after you grade it?',
  'I uploaded the wrong version at first, this is the right one.',
  'I had trouble with the conclusion, any tips?',
];

/** Hands in work and grades it, the way a class of real students and their teacher would. */
export class Classroom {
  constructor(
    private readonly factory: DemoFactory,
    private readonly random: Random,
    readonly teacherId: number,
  ) {}

  levelFor(): WriterLevel {
    const roll = this.random.next();
    return roll < 0.3 ? 'strong' : roll < 0.75 ? 'average' : 'weak';
  }

  /** When a student handed in: shortly before the due date, or after it when late. */
  submittedAt(assignment: DemoAssignment, isLate: boolean): Date {
    const reference = assignment.dueAt ? new Date(assignment.dueAt) : this.factory.daysFromNow(-this.random.int(1, 20));
    const minutes = isLate ? this.random.int(60, 60 * 40) : -this.random.int(30, 60 * 70);
    return addMinutes(reference, minutes);
  }

  submitText(assignment: DemoAssignment, student: Student, topic: TopicKey, submittedAt: Date): DemoSubmission {
    const essay = writeEssay(this.random, topic, student.level);
    return this.factory.submission(assignment, student.user.id, {
      submissionType: 'online_text_entry',
      body: essayToHtml(this.random, essay),
      submittedAt: iso(submittedAt),
      attempt: 1,
      workflowState: 'submitted',
    });
  }

  submitUpload(
    assignment: DemoAssignment,
    student: Student,
    topic: TopicKey,
    type: UploadType,
    submittedAt: Date,
  ): DemoSubmission {
    const essay = writeEssay(this.random, topic, student.level);
    const stem = essay.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40);
    const surname =
      student.user.sortableName
        .split(',')[0]
        ?.toLowerCase()
        .replace(/[^a-z]/g, '') ?? 'student';
    const attachment = this.factory.attachment(assignment.courseId, {
      filename: `${surname}-${stem}.${type}`,
      contentType: CONTENT_TYPES[type],
      text: essayToText(essay).split('\n\n').slice(1).join('\n\n'),
      title: essay.title,
      createdAt: iso(addMinutes(submittedAt, -1)),
    });
    return this.factory.submission(assignment, student.user.id, {
      submissionType: 'online_upload',
      submittedAt: iso(submittedAt),
      attempt: 1,
      workflowState: 'submitted',
      attachmentIds: [attachment.id],
    });
  }

  submitUrl(assignment: DemoAssignment, student: Student, url: string, submittedAt: Date): DemoSubmission {
    return this.factory.submission(assignment, student.user.id, {
      submissionType: 'online_url',
      url,
      submittedAt: iso(submittedAt),
      attempt: 1,
      workflowState: 'submitted',
    });
  }

  /** Grades a submission at the student's level: through the rubric when there is one. */
  grade(
    assignment: DemoAssignment,
    submission: DemoSubmission,
    level: WriterLevel,
    gradedAt: Date,
    options: { withComment?: boolean } = {},
  ): void {
    let score: number;
    if (assignment.rubric) {
      const assessment: Record<string, DemoRubricAssessmentEntry> = {};
      for (const criterion of assignment.rubric.criteria) {
        const rating = criterion.ratings[this.ratingIndexFor(level)] ?? criterion.ratings[0];
        assessment[criterion.id] = {
          ratingId: rating?.id ?? null,
          points:
            rating && criterion.useRange ? this.pointsInRange(criterion.ratings, rating.points) : (rating?.points ?? 0),
          comments: this.random.chance(0.2) ? this.random.pick(TEACHER_FEEDBACK[level]) : '',
        };
      }
      submission.rubricAssessment = assessment;
      // A criterion marked ignore_for_scoring is assessed but not counted.
      score = assignment.rubric.criteria
        .filter((criterion) => !criterion.ignoreForScoring)
        .reduce((sum, criterion) => sum + (assessment[criterion.id]?.points ?? 0), 0);
    } else if (assignment.gradingType === 'pass_fail') {
      score = level === 'weak' && this.random.chance(0.4) ? 0 : assignment.pointsPossible;
    } else {
      const [low, high] = level === 'strong' ? [0.88, 0.99] : level === 'average' ? [0.72, 0.87] : [0.5, 0.7];
      score = Math.round(assignment.pointsPossible * (low + this.random.next() * (high - low)) * 2) / 2;
    }
    applyScore(submission, assignment, score, this.teacherId, gradedAt);
    if (options.withComment ?? this.random.chance(0.7)) {
      this.factory.comment(submission, this.teacherId, this.random.pick(TEACHER_FEEDBACK[level]), gradedAt);
    }
  }

  /** Excused: nothing handed in, nothing owed. */
  excuse(assignment: DemoAssignment, student: Student): DemoSubmission {
    return this.factory.submission(assignment, student.user.id, {
      excused: true,
      workflowState: 'graded',
      gradedAt: iso(this.factory.daysFromNow(-2)),
      graderId: this.teacherId,
    });
  }

  studentComment(submission: DemoSubmission, student: Student): void {
    const at = submission.submittedAt ? addMinutes(new Date(submission.submittedAt), 2) : this.factory.daysFromNow(-1);
    this.factory.comment(submission, student.user.id, this.random.pick(STUDENT_COMMENTS), at);
  }

  /** A grading moment a few days after the work came in, never in the future. */
  gradedAt(submission: DemoSubmission): Date {
    const from = submission.submittedAt ? new Date(submission.submittedAt) : this.factory.daysFromNow(-3);
    const candidate = addMinutes(from, this.random.int(60 * 18, 60 * 24 * 5));
    const latest = this.factory.daysFromNow(-0.05);
    return candidate > latest ? latest : candidate;
  }

  /** On a range rating a teacher gives any points above the next rating down, up to the rating's own. */
  private pointsInRange(ratings: ReadonlyArray<{ points: number }>, top: number): number {
    const below = Math.max(-0.5, ...ratings.map((rating) => rating.points).filter((points) => points < top));
    const steps = Math.max(1, Math.round((top - below) * 2));
    return top - this.random.int(0, steps - 1) / 2;
  }

  private ratingIndexFor(level: WriterLevel): number {
    const roll = this.random.next();
    if (level === 'strong') return roll < 0.7 ? 0 : 1;
    if (level === 'average') return roll < 0.5 ? 1 : 2;
    return roll < 0.45 ? 2 : roll < 0.9 ? 3 : 4;
  }
}
