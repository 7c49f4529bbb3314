import { useRef, useState } from 'react';
import { useGradingShortcuts, type GradingActions } from './use-grading-shortcuts';
import { useSearchParamUpdater } from './use-search-param-updater';

/**
 * The student being graded, shared by the three grading screens: it lives in the URL (?student=
 * userId, so a reload keeps the teacher's place), Next and Previous move through the list (from
 * the keyboard too), and the shortcut help opens with "?". The open form registers its actions
 * (draft, save, quick fill) on `actionsRef`.
 */
export function useStudentNavigator<T>({
  students,
  idOf,
  fallback,
  neighbor,
}: {
  students: readonly T[];
  idOf: (student: T) => number;
  /** Shown when the URL names no student of the list: the first student unless given. */
  fallback?: T | null;
  /** Where Next (1) and Previous (-1) go: the neighbour in the list unless given (staying at the ends). */
  neighbor?: (current: T | null, direction: 1 | -1) => T | null;
}) {
  const [searchParams, updateParams] = useSearchParamUpdater();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const actionsRef = useRef<GradingActions | null>(null);

  const requestedId = Number(searchParams.get('student'));
  const foundIndex = students.findIndex((student) => idOf(student) === requestedId);
  const current = foundIndex === -1 ? (fallback === undefined ? (students[0] ?? null) : fallback) : (students[foundIndex] ?? null);
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

  useGradingShortcuts({
    isEnabled: students.length > 0 && !isHelpOpen,
    next: () => move(1),
    previous: () => move(-1),
    help: () => setHelpOpen(true),
    actionsRef,
  });

  return { searchParams, updateParams, current, index, selectId, selectIndex, move, isHelpOpen, setHelpOpen, actionsRef };
}
