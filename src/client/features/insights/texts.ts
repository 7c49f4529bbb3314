import type { LeftOutReason, StudentWorkStatus } from '@/shared/schemas/insights';

export const LEFT_OUT_TEXT: Record<LeftOutReason, string> = {
  not_graded: 'not graded (no points in Canvas)',
  outside_filter: 'outside the group or dates chosen',
  not_yet_due: 'not yet due, no grades yet',
  ungraded: 'no grades yet',
};

export const STATUS_TEXT: Record<StudentWorkStatus, string> = {
  graded: 'Graded',
  excused: 'Excused',
  missing: 'Missing',
  late: 'Late',
  to_grade: 'Waiting to be graded',
  not_submitted: 'Not submitted',
  not_yet_due: 'Not yet due',
};

export const percent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
export const share = (value: number) => `${Math.round(value * 100)}%`;

export function formatDay(iso: string | null): string {
  if (!iso) return 'No due date';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}
