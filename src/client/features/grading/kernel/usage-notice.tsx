import { Link, useLocation } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { canGrade, isLowOnCredits, usageLevel, usageLimitMessage } from '@/shared/usage';
import { gradingReturnPath } from '@/shared/schemas/billing';
import { useUsage } from '@/client/lib/usage';

/**
 * Tells the teacher before a save is refused: 'Usage Limit Reached' when no credit is left,
 * 'Approaching Limit' from 80 % or with 3 or fewer left, so she knows before she starts a student.
 * Reads the same usage query a save updates, so it changes at once. Its link to the plans carries
 * this screen and student, so that upgrading brings her back to the same student.
 */
export function UsageNotice() {
  const usage = useUsage();
  const location = useLocation();
  const place = gradingReturnPath(location.pathname, location.search);
  if (!usage.data) return null;
  const level = usageLevel(usage.data);
  if (level.level === 'ok' && !isLowOnCredits(usage.data)) return null;
  const isBlocked = !canGrade(usage.data);
  return (
    <div
      role={isBlocked ? 'alert' : 'status'}
      data-testid="usage-notice"
      className={`flex items-start gap-3 rounded-xl border p-3 text-sm ${isBlocked ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong>{isBlocked ? level.title : 'Approaching Limit'}</strong>{' '}
        {isBlocked
          ? usageLimitMessage(usage.data.total_limit)
          : `${level.remaining} of ${usage.data.total_limit} submissions left in this billing period.`}{' '}
        <Link
          to={place ? `/pricing?${new URLSearchParams({ return: place })}` : '/pricing'}
          className="font-medium underline"
          data-testid="usage-notice-plans"
        >
          See plans
        </Link>
      </p>
    </div>
  );
}
