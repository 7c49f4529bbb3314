import { isDiscussionStudentGraded, type DiscussionStudent } from '@/shared/schemas/discussion-grading';

export type EntriesTab = 'all' | 'ungraded' | 'graded';
export const ENTRIES_TABS: EntriesTab[] = ['all', 'ungraded', 'graded'];

export function isEntriesTab(value: string | null): value is EntriesTab {
  return value === 'all' || value === 'ungraded' || value === 'graded';
}

/**
 * Whether a student's posts wait for a grade: posted, not graded, not excused. Next, Save & Next and
 * J/K skip the others unless the teacher walks everyone (decision 050).
 */
export function isDiscussionStudentWaiting(student: Pick<DiscussionStudent, 'grade' | 'post_count'>): boolean {
  return student.post_count > 0 && !isDiscussionStudentGraded(student);
}

export function studentsInTab(students: readonly DiscussionStudent[], tab: EntriesTab): DiscussionStudent[] {
  if (tab === 'all') return [...students];
  return students.filter((student) => isDiscussionStudentGraded(student) === (tab === 'graded'));
}

export function tabCounts(students: readonly DiscussionStudent[]): Record<EntriesTab, number> {
  const graded = students.filter(isDiscussionStudentGraded).length;
  return { all: students.length, ungraded: students.length - graded, graded };
}

/**
 * The next or previous student shown in the tab, in the order of the whole list. The current
 * student may have just left the tab (graded on "Ungraded"): the walk starts from where they were.
 */
export function neighborInTab(
  all: readonly DiscussionStudent[],
  visible: readonly DiscussionStudent[],
  currentUserId: number | null,
  direction: 1 | -1,
): DiscussionStudent | null {
  const visibleIds = new Set(visible.map((student) => student.user.id));
  const start = all.findIndex((student) => student.user.id === currentUserId);
  if (start === -1) return (direction === 1 ? visible[0] : visible.at(-1)) ?? null;
  for (let index = start + direction; index >= 0 && index < all.length; index += direction) {
    const candidate = all[index]!;
    if (visibleIds.has(candidate.user.id)) return candidate;
  }
  return null;
}
