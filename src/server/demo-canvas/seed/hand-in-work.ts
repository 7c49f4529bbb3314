import type { DemoAssignment, DemoSubmission } from '../model';
import type { Random } from '../random';
import { addMinutes, iso } from '../time';
import type { Classroom, Student, UploadType } from './classroom';
import type { TopicKey } from './essay-topics';

/** How a class responded to one assignment; counts are students, the rest hand in nothing. */
export interface WorkPlan {
  topic: TopicKey;
  excused?: number;
  graded?: number;
  gradedLate?: number;
  /** Graded, then handed in again: back in the to-grade list. */
  resubmitted?: number;
  submitted?: number;
  late?: number;
  /** File types handed in instead of text, by the first submitters in order. */
  uploads?: UploadType[];
  /** Everyone uploads (an upload-only assignment); types cycle through this list. */
  uploadOnly?: UploadType[];
  studentComments?: number;
}

/**
 * Plays out an assignment for a class in a shuffled order so that who is late, missing or graded
 * differs between assignments. Returns each student's submission by user id.
 */
export function handInWork(
  classroom: Classroom,
  random: Random,
  assignment: DemoAssignment,
  students: readonly Student[],
  plan: WorkPlan,
): Map<number, DemoSubmission> {
  const order = random.shuffle(students);
  const result = new Map<number, DemoSubmission>();
  let cursor = 0;
  let uploadsLeft = [...(plan.uploads ?? [])];
  let uploadCycle = 0;
  const take = (count = 0) => order.slice(cursor, (cursor += count));

  const handIn = (student: Student, isLate: boolean): DemoSubmission => {
    const at = classroom.submittedAt(assignment, isLate);
    if (plan.uploadOnly && plan.uploadOnly.length > 0) {
      const type = plan.uploadOnly[uploadCycle++ % plan.uploadOnly.length] as UploadType;
      return classroom.submitUpload(assignment, student, plan.topic, type, at);
    }
    const upload = uploadsLeft[0];
    if (upload) {
      uploadsLeft = uploadsLeft.slice(1);
      return classroom.submitUpload(assignment, student, plan.topic, upload, at);
    }
    return classroom.submitText(assignment, student, plan.topic, at);
  };

  for (const student of take(plan.excused)) result.set(student.user.id, classroom.excuse(assignment, student));
  for (const [count, isLate] of [
    [plan.graded, false],
    [plan.gradedLate, true],
  ] as const) {
    for (const student of take(count)) {
      const submission = handIn(student, isLate);
      classroom.grade(assignment, submission, student.level, classroom.gradedAt(submission));
      result.set(student.user.id, submission);
    }
  }
  for (const student of take(plan.resubmitted)) {
    const submission = handIn(student, false);
    const gradedAt = classroom.gradedAt(submission);
    classroom.grade(assignment, submission, student.level, gradedAt, { withComment: true });
    const resubmittedAt = addMinutes(gradedAt, random.int(120, 60 * 30));
    Object.assign(submission, {
      submittedAt: iso(resubmittedAt),
      attempt: 2,
      workflowState: 'submitted',
      gradeMatchesCurrentSubmission: false,
    });
    classroom.studentComment(submission, student);
    result.set(student.user.id, submission);
  }
  const ungraded = [
    ...take(plan.submitted).map((s) => [s, false] as const),
    ...take(plan.late).map((s) => [s, true] as const),
  ];
  for (const [student, isLate] of ungraded) result.set(student.user.id, handIn(student, isLate));

  for (const student of random.sample(
    ungraded.map(([s]) => s),
    plan.studentComments ?? 0,
  )) {
    const submission = result.get(student.user.id);
    if (submission) classroom.studentComment(submission, student);
  }
  return result;
}
