import { useState } from 'react';
import type { GradingDraft, RubricCriterion } from '@/shared/schemas/ai';
import { clampGrade } from '@/shared/schemas/grading';
import { hasRubricValues, initialRubricValues, rubricTotal, toRubricAssessment, type RubricValues } from './rubric-editor';

/**
 * The state of a grade form for one student (assignment and discussion): grade, comment, rubric and
 * the AI draft. The form is keyed by the student, so this starts afresh for each one: the saved score
 * and an empty comment (spec part 2 §4), or the waiting draft if there is one. When the item is graded
 * from its rubric and the rubric is filled in, the grade is the rubric's sum and cannot be typed.
 */
export function useGradeForm({
  points,
  rubric,
  isGradeFromRubric,
  savedScore,
  savedRubric,
  waitingDraft,
}: {
  points: number;
  rubric: RubricCriterion[] | null;
  isGradeFromRubric: boolean;
  savedScore: number | null;
  savedRubric: Record<string, { points: number | null; comments: string | null }> | null;
  waitingDraft: GradingDraft | null;
}) {
  const [grade, setGrade] = useState(() => (waitingDraft ? String(waitingDraft.grade) : savedScore !== null ? String(savedScore) : ''));
  const [comment, setComment] = useState(() => waitingDraft?.feedback ?? '');
  const [draft, setDraft] = useState<GradingDraft | null>(waitingDraft);
  const [rubricValues, setRubricValues] = useState<RubricValues>(() => initialRubricValues(rubric, savedRubric, waitingDraft));

  const isRubricFilled = hasRubricValues(rubric, rubricValues);
  const isGradeComputed = isGradeFromRubric && isRubricFilled;
  const effectiveGrade = isGradeComputed ? String(clampGrade(rubricTotal(rubric, rubricValues), points)) : grade;
  const numericGrade = Number.parseFloat(effectiveGrade);

  function applyDraft(next: GradingDraft) {
    setDraft(next);
    setGrade(String(next.grade));
    setComment(next.feedback);
    if (next.rubricAssessment) setRubricValues(initialRubricValues(rubric, null, next));
  }

  /** Sets the grade to a percent of the maximum; a computed (rubric) grade is left alone. */
  function quickFill(percent: number) {
    if (isGradeComputed) return;
    setGrade(String(clampGrade((points * percent) / 100, points)));
  }

  return {
    effectiveGrade,
    setGrade,
    comment,
    setComment,
    draft,
    applyDraft,
    quickFill,
    rubricValues,
    setRubricValues,
    isRubricFilled,
    isGradeComputed,
    hasGrade: effectiveGrade.trim() !== '' && Number.isFinite(numericGrade),
    /** The grade as saved: on the 0.5 steps, within 0 and the maximum. */
    gradeToSave: clampGrade(numericGrade, points),
    rubricAssessment: rubric && isRubricFilled ? toRubricAssessment(rubric, rubricValues) : null,
  };
}
