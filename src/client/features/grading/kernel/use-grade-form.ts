import { useEffect, useState } from 'react';
import type { GradingDraft, RubricCriterion } from '@/shared/schemas/ai';
import {
  clampGrade,
  formatGradeNumber,
  gradeControl,
  isAboveMaximum,
  schemeLetter,
  scoreForLetter,
  teacherGrade,
  type Completion,
  type GradeControl,
  type GradingType,
} from '@/shared/grading-rules';
import {
  hasRubricValues,
  initialRubricValues,
  rubricTotal,
  toRubricAssessment,
  type RubricValues,
} from './rubric-editor';

/** A draft at or above this percent suggests Complete on a complete/incomplete assignment (decision 021). */
export const COMPLETE_FROM_PERCENT = 60;

/** What a teacher typed for one student (or one quiz question of theirs) and has not saved yet. */
export type UnsavedEdits = { grade: string; comment: string; rubricValues: RubricValues; draft: GradingDraft | null };
/**
 * Unsaved edits per form, kept by the screen while the teacher moves between students: keyed by the
 * student's id on the assignment and discussion screens, by `submissionId:questionId` on the quiz.
 */
export type UnsavedEditsMemory = Map<string, UnsavedEdits>;

/** The grade as the control shows it: points, a percent, a letter, 'complete'/'incomplete', or nothing. */
function fromPoints(control: GradeControl, value: number, points: number): string {
  const percent = points > 0 ? (value / points) * 100 : 0;
  switch (control) {
    case 'points':
      return formatGradeNumber(value);
    case 'percent':
      return formatGradeNumber(percent);
    case 'letter':
      return schemeLetter(percent);
    case 'complete_incomplete':
      return percent >= COMPLETE_FROM_PERCENT ? 'complete' : 'incomplete';
    case 'none':
      return '';
  }
}

function savedValue(
  control: GradeControl,
  savedScore: number | null,
  savedGrade: string | null,
  points: number,
): string {
  if (control === 'complete_incomplete')
    return savedGrade === 'complete' || savedGrade === 'incomplete' ? savedGrade : '';
  if (control === 'letter' && savedGrade) return savedGrade;
  return savedScore !== null ? fromPoints(control, savedScore, points) : '';
}

/**
 * The state of a grade form for one student (or one quiz question of theirs): grade, comment, rubric
 * and the AI draft. The form is keyed by what it grades, so this starts afresh for each: the teacher's
 * unsaved edits for that student if any are kept, else the waiting draft, else the saved grade and
 * an empty comment (spec part 2 §4). The grade is entered in the assignment's own terms (its Canvas
 * grading type); when the item is graded from its rubric and the rubric is filled in, the grade is
 * the rubric's sum and cannot be typed. A typed grade is never capped: above the maximum it is
 * flagged, and the save asks first.
 */
export function useGradeForm({
  points,
  gradingType = 'points',
  rubric,
  isGradeFromRubric,
  savedScore,
  savedGrade = null,
  savedRubric,
  waitingDraft,
  isGraded = false,
  memoryKey,
  memory,
}: {
  points: number;
  gradingType?: GradingType;
  rubric: RubricCriterion[] | null;
  isGradeFromRubric: boolean;
  savedScore: number | null;
  savedGrade?: string | null;
  savedRubric: Record<string, { points: number | null; comments: string | null }> | null;
  waitingDraft: GradingDraft | null;
  /**
   * Canvas holds a grade the teacher gave: a draft she asks for is offered beside it, never put in
   * its place by itself (decision 050).
   */
  isGraded?: boolean;
  /** Where this form's unsaved edits are kept in `memory`. */
  memoryKey?: string;
  memory?: UnsavedEditsMemory;
}) {
  const control = gradeControl(gradingType);
  const kept = memoryKey !== undefined ? memory?.get(memoryKey) : undefined;
  const [grade, setGrade] = useState(() =>
    kept
      ? kept.grade
      : waitingDraft
        ? fromPoints(control, waitingDraft.grade, points)
        : savedValue(control, savedScore, savedGrade, points),
  );
  const [comment, setComment] = useState(() => kept?.comment ?? waitingDraft?.feedback ?? '');
  const [draft, setDraft] = useState<GradingDraft | null>(() => (kept ? kept.draft : waitingDraft));
  const [rubricValues, setRubricValues] = useState<RubricValues>(
    () => kept?.rubricValues ?? initialRubricValues(rubric, savedRubric, waitingDraft),
  );
  const [isDirty, setDirty] = useState(Boolean(kept));
  const [hasKeptEdits] = useState(Boolean(kept));

  // A draft that arrives while the form is open (the stored drafts finished loading, or one was just
  // written) fills the form if the teacher has not touched it; edits the teacher made are never
  // overwritten by it. A draft the teacher asked for is applied by applyDraft.
  const [adoptedDraft, setAdoptedDraft] = useState(waitingDraft);
  if (waitingDraft !== adoptedDraft) {
    setAdoptedDraft(waitingDraft);
    if (waitingDraft && !isDirty) {
      setDraft(waitingDraft);
      setGrade(fromPoints(control, waitingDraft.grade, points));
      setComment(waitingDraft.feedback);
      setRubricValues(initialRubricValues(rubric, savedRubric, waitingDraft));
    }
  }

  // Unsaved edits outlive the form: moving to another student and back finds them again.
  useEffect(() => {
    if (memoryKey === undefined || !memory) return;
    if (isDirty) memory.set(memoryKey, { grade, comment, rubricValues, draft });
  }, [memory, memoryKey, isDirty, grade, comment, rubricValues, draft]);

  const isRubricFilled = hasRubricValues(rubric, rubricValues);
  const isGradeComputed = isGradeFromRubric && isRubricFilled && (control === 'points' || control === 'percent');
  const effectiveGrade = isGradeComputed
    ? fromPoints(control, clampGrade(rubricTotal(rubric, rubricValues), points), points)
    : grade;

  /** The grade in points (null where the control has none). */
  const score = toScore(control, effectiveGrade, points);
  const hasGrade =
    control === 'none'
      ? comment.trim() !== ''
      : control === 'complete_incomplete'
        ? effectiveGrade === 'complete' || effectiveGrade === 'incomplete'
        : score !== null;

  function edited<T>(setter: (value: T) => void) {
    return (value: T) => {
      setter(value);
      setDirty(true);
    };
  }

  // A draft asked for on a graded student waits beside her grade until she chooses it.
  const [offeredDraft, setOfferedDraft] = useState<GradingDraft | null>(null);

  /** Puts a draft in the form; on a graded student it is only offered. Says whether it was put in. */
  function receiveDraft(next: GradingDraft): 'applied' | 'offered' {
    if (isGraded) {
      setOfferedDraft(next);
      return 'offered';
    }
    applyDraft(next);
    return 'applied';
  }

  function applyDraft(next: GradingDraft) {
    setOfferedDraft(null);
    setDraft(next);
    setGrade(fromPoints(control, next.grade, points));
    setComment(next.feedback);
    if (next.rubricAssessment) setRubricValues(initialRubricValues(rubric, null, next));
    setDirty(true);
  }

  /** Sets the grade to a percent of the maximum; a computed (rubric) grade is left alone. */
  function quickFill(percent: number) {
    if (isGradeComputed || control === 'none') return;
    setGrade(fromPoints(control, clampGrade((points * percent) / 100, points), points));
    setDirty(true);
  }

  /** The save is done: nothing of this student's is unsaved any more. */
  function markSaved() {
    setDirty(false);
    if (memoryKey !== undefined) memory?.delete(memoryKey);
  }

  return {
    control,
    effectiveGrade,
    setGrade: edited(setGrade),
    comment,
    setComment: edited(setComment),
    draft,
    receiveDraft,
    /** The draft offered beside the grade Canvas holds, waiting for the teacher's choice. */
    offeredDraft,
    offeredGrade: offeredDraft ? fromPoints(control, offeredDraft.grade, points) : null,
    acceptOfferedDraft: () => {
      if (offeredDraft) applyDraft(offeredDraft);
    },
    dismissOfferedDraft: () => setOfferedDraft(null),
    /** What Canvas holds, in the control's terms ("9 / 10", "B+", "complete"), or null. */
    savedLabel: describeSaved(control, savedScore, savedGrade, points),
    quickFill,
    rubricValues,
    setRubricValues: edited(setRubricValues),
    isRubricFilled,
    isGradeComputed,
    hasGrade,
    isDirty,
    /** True when this form opened with edits the teacher left unsaved earlier. */
    hasKeptEdits,
    /** The screen keeps this student's unsaved edits: moving away loses nothing (decision 022). */
    keepsEdits: memoryKey !== undefined && memory !== undefined,
    markSaved,
    score,
    isAboveMaximum: score !== null && (control === 'points' || control === 'percent') && isAboveMaximum(score, points),
    /** The grade as the save endpoints take it: points on the 0.5 step, never capped; or the complete/incomplete choice. */
    gradeToSave: {
      grade: control === 'complete_incomplete' || control === 'none' ? null : score,
      completion: control === 'complete_incomplete' && hasGrade ? (effectiveGrade as Completion) : null,
    },
    rubricAssessment: rubric && isRubricFilled ? toRubricAssessment(rubric, rubricValues) : null,
  };
}

function describeSaved(
  control: GradeControl,
  savedScore: number | null,
  savedGrade: string | null,
  points: number,
): string | null {
  if (control === 'points')
    return savedScore === null ? null : `${formatGradeNumber(savedScore)}/${formatGradeNumber(points)}`;
  if (control === 'percent') return savedScore === null ? null : `${fromPoints(control, savedScore, points)}%`;
  return savedGrade ?? (savedScore === null ? null : formatGradeNumber(savedScore));
}

function toScore(control: GradeControl, value: string, points: number): number | null {
  if (control === 'letter') return scoreForLetter(value, points);
  if (control !== 'points' && control !== 'percent') return null;
  if (value.trim() === '') return null;
  const numeric = Number.parseFloat(value);
  if (!Number.isFinite(numeric)) return null;
  if (control === 'percent') return Math.round(((points * numeric) / 100) * 100) / 100;
  return teacherGrade(numeric);
}
