import { useEffect, useRef, useState } from 'react';
import { useGradingShortcuts, type GradingActions } from './use-grading-shortcuts';
import { useSearchParamUpdater } from './use-search-param-updater';

/** Marks the open student's name heading: where focus goes after moving on (see keepFocusOnStudent). */
export const STUDENT_HEADING = { 'data-student-heading': true, tabIndex: -1 } as const;

/**
 * After the screen moves to another student, the control the teacher used (Save & Next inside the
 * old student's form) may be gone, which drops focus to the page itself: the next Tab starts at
 * the top of the page and a screen reader says nothing. While that is so, focus goes to the new
 * student's name heading, as soon as it is on screen (the next student may still be loading).
 * Focus the teacher put elsewhere is never taken. Gives a function that stops watching.
 */
export function keepFocusOnStudent(doc: Document = document, watchMs = 3000): () => void {
  const until = Date.now() + watchMs;
  let frame = 0;
  const check = () => {
    const active = doc.activeElement;
    const isLost = active === null || active === doc.body || !active.isConnected;
    const heading = doc.querySelector<HTMLElement>('[data-student-heading]');
    if (isLost && heading) {
      heading.focus();
      return;
    }
    if (Date.now() < until) frame = requestAnimationFrame(check);
  };
  frame = requestAnimationFrame(check);
  return () => cancelAnimationFrame(frame);
}

/** How many students ahead of the open one have their work and stored draft read in advance. */
export const PREFETCH_AHEAD = 1;

/**
 * The students Next would reach from `current`, nearest first, at most `count` of them: the ones
 * whose data is worth reading before the teacher moves on. Without a `neighbor` rule, the following
 * students in the list; with one, the chain it gives (a discussion's open tab), stopping at the end.
 */
export function studentsAhead<T>(
  students: readonly T[],
  current: T | null,
  count: number,
  neighbor?: (from: T | null, direction: 1 | -1) => T | null,
): T[] {
  const ahead: T[] = [];
  if (!neighbor) {
    const start = current === null ? -1 : students.indexOf(current);
    return students.slice(start + 1, start + 1 + Math.max(0, count));
  }
  let from = current;
  while (ahead.length < count) {
    const next = neighbor(from, 1);
    if (next === null || next === current || ahead.includes(next)) break;
    ahead.push(next);
    from = next;
  }
  return ahead;
}

/**
 * The student being graded, shared by the three grading screens: it lives in the URL (?student=
 * userId, so a reload keeps the teacher's place), Next and Previous move through the list (from
 * the keyboard too), and the shortcut help opens with "?". The open form registers its actions
 * (draft, save, quick fill) on `actionsRef`. With `prefetch`, the students Next reaches next (see
 * PREFETCH_AHEAD) are handed to it while the teacher reads this one, so the screen can read their
 * per-student data into the same query keys it shows them from (decision 022).
 */
export function useStudentNavigator<T>({
  students,
  idOf,
  fallback,
  neighbor,
  prefetch,
}: {
  students: readonly T[];
  idOf: (student: T) => number;
  /** Shown when the URL names no student of the list: the first student unless given. */
  fallback?: T | null;
  /** Where Next (1) and Previous (-1) go: the neighbour in the list unless given (staying at the ends). */
  neighbor?: (current: T | null, direction: 1 | -1) => T | null;
  /** Reads one student's data ahead of time (query prefetches only: never anything that costs a credit). */
  prefetch?: (student: T) => void;
}) {
  const [searchParams, updateParams] = useSearchParamUpdater();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const actionsRef = useRef<GradingActions | null>(null);

  const requestedId = Number(searchParams.get('student'));
  const foundIndex = students.findIndex((student) => idOf(student) === requestedId);
  const current =
    foundIndex === -1 ? (fallback === undefined ? (students[0] ?? null) : fallback) : (students[foundIndex] ?? null);
  const index = current === null ? 0 : Math.max(0, students.indexOf(current));

  const selectId = (userId: number) => updateParams({ student: String(userId) });
  const selectIndex = (next: number) => {
    const target = students[Math.min(Math.max(0, next), Math.max(0, students.length - 1))];
    if (target !== undefined) selectId(idOf(target));
  };
  const move = (direction: 1 | -1) => {
    if (!neighbor) return selectIndex(index + direction);
    const target = neighbor(current, direction);
    if (target !== null) selectId(idOf(target));
  };

  // Moving on keeps the keyboard's place: see keepFocusOnStudent.
  const currentId = current === null ? null : idOf(current);
  const shownId = useRef(currentId);
  useEffect(() => {
    if (shownId.current === currentId) return;
    shownId.current = currentId;
    return keepFocusOnStudent();
  }, [currentId]);

  // Keyed by who is ahead, not by the callbacks: a re-render alone reads nothing again.
  const ahead = prefetch ? studentsAhead(students, current, PREFETCH_AHEAD, neighbor) : [];
  const aheadKey = ahead.map(idOf).join(',');
  const latestPrefetch = useRef({ prefetch, ahead });
  useEffect(() => {
    latestPrefetch.current = { prefetch, ahead };
  });
  useEffect(() => {
    const { prefetch: read, ahead: students } = latestPrefetch.current;
    if (read) for (const student of students) read(student);
  }, [aheadKey]);

  useGradingShortcuts({
    isEnabled: students.length > 0 && !isHelpOpen,
    next: () => move(1),
    previous: () => move(-1),
    help: () => setHelpOpen(true),
    actionsRef,
  });

  return {
    searchParams,
    updateParams,
    current,
    index,
    selectId,
    selectIndex,
    move,
    isHelpOpen,
    setHelpOpen,
    actionsRef,
  };
}
