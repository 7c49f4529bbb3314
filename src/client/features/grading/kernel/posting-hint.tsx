import { Eye, EyeOff } from 'lucide-react';

/**
 * Beside Save: when the student will see what is saved, from the assignment's posting policy in
 * Canvas (decision 052). Margin never posts or hides grades itself.
 */
export function PostingHint({ postManually, studentName }: { postManually: boolean; studentName: string }) {
  const Icon = postManually ? EyeOff : Eye;
  return (
    <p className="flex items-start gap-1.5 text-xs text-slate-600" data-testid="posting-hint">
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      {postManually
        ? `Grades are posted by hand on this assignment: ${studentName} will not see the grade or comment until you post grades in Canvas.`
        : `Grades post automatically on this assignment: ${studentName} sees the grade and comment as soon as you save.`}
    </p>
  );
}
