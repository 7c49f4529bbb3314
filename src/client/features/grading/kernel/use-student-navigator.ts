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
 * Focus the teacher put elsewhere is never taken, then or later. Gives a function that stops watching.
 */
export function keepFocusOnStudent(doc: Document = document, watchMs = 3000): () => void {
  const until = Date.now() + watchMs;
  const used = doc.activeElement;
  let frame = 0;
  const check = () => {
    const active = doc.activeElement;
    const isLost = active === null || active === doc.body || !active.isConnected;
    const heading = doc.querySelector<HTMLElement>('[data-student-heading]');
    if (isLost && heading) {
      heading.focus();
      return;
    }
    // She has put the focus somewhere herself (the grade, the feedback): the watch is over, and a
    // control that is busy later (Save while saving) does not send her to the top of the page.
    if (!isLost && active !== used) return;
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

/** How Next, Previous, Save & Next and J/K walk the list: only students whose work waits for a grade, or everyone. */
export type WalkMode = 'waiting' | 'everyone';

/** The URL parameter that keeps the teacher's choice to walk everyone (`?walk=everyone`). */
export const WALK_PARAM = 'walk';

/**
 * The student a move reaches when only work waiting for a grade is walked: the nearest waiting
 * student in `direction` from `currentIndex`, going round the list once, never the open student
 * (who may still look waiting while the answer to their save is on its way). Null when no other
 * student waits.
 */
export function nearestWaiting<T>(
  students: readonly T[],
  currentIndex: number,
  direction: 1 | -1,
  waits: (student: T) => boolean,
): T | null {
  const count = students.length;
  for (let offset = 1; offset < count + (currentIndex < 0 ? 1 : 0); offset += 1) {
    const position = (((currentIndex + direction * offset) % count) + count) % count;
    if (position === currentIndex) continue;
    const candidate = students[position]!;
    if (waits(candidate)) return candidate;
  }
  return null;
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
  waitsForGrade,
}: {
  students: readonly T[];
  idOf: (student: T) => number;
  /** Shown when the URL names no student of the list: the first student unless given. */
  fallback?: T | null;
  /** Where Next (1) and Previous (-1) go: the neighbour in the list unless given (staying at the ends). */
  neighbor?: (current: T | null, direction: 1 | -1) => T | null;
  /** Reads one student's data ahead of time (query prefetches only: never anything that costs a credit). */
  prefetch?: (student: T) => void;
  /**
   * Whose work waits for a grade (submitted, not graded, not excused). Given, the screen opens on
   * the first such student and every move skips the others, unless the teacher chose to walk
   * everyone (decision 050).
   */
  waitsForGrade?: (student: T) => boolean;
}) {
  const [searchParams, updateParams] = useSearchParamUpdater();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const actionsRef = useRef<GradingActions | null>(null);

  const walk: WalkMode = waitsForGrade && searchParams.get(WALK_PARAM) !== 'everyone' ? 'waiting' : 'everyone';
  const waits = walk === 'waiting' ? waitsForGrade : undefined;
  const requestedId = Number(searchParams.get('student'));
  const foundIndex = students.findIndex((student) => idOf(student) === requestedId);
  // Opening the screen (no student named) lands on the first student whose work waits.
  const firstWaiting = waits ? (students.find(waits) ?? null) : null;
  const current =
    foundIndex === -1
      ? (firstWaiting ?? (fallback === undefined ? (students[0] ?? null) : fallback))
      : (students[foundIndex] ?? null);
  const index = current === null ? 0 : Math.max(0, students.indexOf(current));

  const selectId = (userId: number) => updateParams({ student: String(userId) });
  const selectIndex = (next: number) => {
    const target = students[Math.min(Math.max(0, next), Math.max(0, students.length - 1))];
    if (target !== undefined) selectId(idOf(target));
  };
  /** Where a move goes, or null where it stays (the end of the list, or no other student waiting). */
  const targetOf = (direction: 1 | -1): T | null => {
    if (waits) {
      if (!neighbor) return nearestWaiting(students, current === null ? -1 : index, direction, waits);
      // A screen's own neighbour rule (a discussion's tab): follow it to the nearest waiting student.
      const seen = new Set<T>();
      let next = neighbor(current, direction);
      while (next !== null && next !== current && !seen.has(next)) {
        if (waits(next)) return next;
        seen.add(next);
        next = neighbor(next, direction);
      }
      return null;
    }
    if (neighbor) return neighbor(current, direction);
    const position = index + direction;
    return position < 0 || position >= students.length ? null : (students[position] ?? null);
  };
  const move = (direction: 1 | -1) => {
    const target = targetOf(direction);
    if (target !== null) selectId(idOf(target));
  };

  // The student the screen opened on is named in the address too, so a reload keeps her place.
  const openedId = foundIndex === -1 && current !== null ? idOf(current) : null;
  useEffect(() => {
    if (openedId !== null) updateParams({ student: String(openedId) });
  }, [openedId, updateParams]);

  // Moving on keeps the keyboard's place: see keepFocusOnStudent.
  const currentId = current === null ? null : idOf(current);
  const shownId = useRef(currentId);
  useEffect(() => {
    if (shownId.current === currentId) return;
    shownId.current = currentId;
    return keepFocusOnStudent();
  }, [currentId]);

  // Keyed by who is ahead, not by the callbacks: a re-render alone reads nothing again.
  const aheadRule = waits
    ? (from: T | null, direction: 1 | -1) => (from === current ? targetOf(direction) : null)
    : neighbor;
  const ahead = prefetch ? studentsAhead(students, current, PREFETCH_AHEAD, aheadRule) : [];
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
    /** Whether Next (1) or Previous (-1) goes anywhere. */
    canMove: (direction: 1 | -1) => targetOf(direction) !== null,
    walk,
    /** Walks only the work waiting for a grade, or everyone (kept in the URL). */
    setWalk: (mode: WalkMode) => updateParams({ [WALK_PARAM]: mode }),
    /** How many students' work waits for a grade (all of them when the screen gives no rule). */
    waitingCount: waitsForGrade ? students.filter(waitsForGrade).length : students.length,
    isHelpOpen,
    setHelpOpen,
    actionsRef,
  };
}
