import { createHash } from 'node:crypto';
import { anonymousStudentLabel } from '@/shared/anonymous-students';
import type { GradingUser } from '@/shared/schemas/grading';
import type { CanvasAssignment, CanvasClient } from '@/server/adapters/canvas';
import { CLASSMATE_PLACEHOLDER, createRosterRedactor, type RosterMember } from './redaction';

/** How a classmate named in a post is shown on a screen that names nobody. */
export const NAMED_CLASSMATE = '[classmate]';

export type AnonymousParticipants = {
  /** The student as the screen shows her: "Student N" under a negative key, nothing of her user. */
  userOf(userId: number): GradingUser | undefined;
  /** Every student, Student 1 to N, with the user id her posts or attempts carry (never sent out). */
  students: Array<{ userId: number; user: GradingUser }>;
  /** A student's text with every name on the roster taken out. */
  withoutNames(text: string): string;
};

/**
 * The students of a discussion or quiz graded anonymously (decision 067), as its screen shows
 * them. Posts and quiz attempts carry user ids and Canvas gives no way from them to the anonymous
 * ids of the assignment's submissions, so the students are numbered in an order drawn from the
 * screen (`scope`) and each user id, which says nothing of who they are and stays the same on every
 * read; each is keyed by minus that number, never by her user id.
 */
export function anonymousParticipants(scope: string, roster: readonly RosterMember[]): AnonymousParticipants {
  const ordered = [...new Map(roster.map((member) => [member.id, member])).values()]
    .map((member) => ({ member, rank: createHash('sha256').update(`${scope}:${member.id}`).digest('hex') }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  const byUser = new Map<number, GradingUser>();
  ordered.forEach(({ member }, index) => {
    const label = anonymousStudentLabel(index + 1);
    byUser.set(member.id, { id: -(index + 1), name: label, sortable_name: label, email: null, avatar_url: null });
  });
  const redactor = createRosterRedactor(roster);
  return {
    userOf: (userId) => byUser.get(userId),
    students: [...byUser].map(([userId, user]) => ({ userId, user })),
    withoutNames: (text) => redactor.redactClassmateText(text).replaceAll(CLASSMATE_PLACEHOLDER, NAMED_CLASSMATE),
  };
}

/**
 * The course's students, when an assignment anonymises them: its submissions name nobody, so the
 * course's students are read, to keep every name from a drafter as a classmate's and to number the
 * students of a discussion or quiz. Empty on any other assignment.
 */
export async function anonymousClassmates(client: CanvasClient, assignment: CanvasAssignment): Promise<RosterMember[]> {
  if (!assignment.anonymizeStudents) return [];
  const enrollments = await client.listStudentEnrollments(assignment.courseId);
  return enrollments.map((enrollment) => ({
    id: enrollment.userId,
    names: [enrollment.name, enrollment.sortableName].filter(Boolean),
    emails: [],
  }));
}
