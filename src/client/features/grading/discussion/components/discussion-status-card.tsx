import type { DiscussionSummary } from '@/shared/schemas/discussion-grading';
import { cn } from '@/client/lib/cn';
import { Card, CardContent } from '@/client/ui/card';
import { formatPercent, formatScore } from '@/client/features/grading/kernel/format';

const LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
const LETTER_BARS: Record<(typeof LETTERS)[number], string> = {
  A: 'bg-emerald-500',
  B: 'bg-sky-500',
  C: 'bg-amber-400',
  D: 'bg-orange-500',
  F: 'bg-red-500',
};
const LETTER_BANDS: Record<(typeof LETTERS)[number], string> = {
  A: '90-100%',
  B: '80-89%',
  C: '70-79%',
  D: '60-69%',
  F: 'below 60%',
};

type Stat = { label: string; value: string; id: string };

/**
 * Grading progress and the discussion's figures (spec part 2 §2.2). An ungraded discussion has
 * nothing to grade, so it shows the post figures only.
 */
export function DiscussionStatusCard({
  summary,
  pointsPossible,
  isGraded,
}: {
  summary: DiscussionSummary;
  pointsPossible: number;
  isGraded: boolean;
}) {
  const postStats: Stat[] = [
    { label: 'Total posts', value: String(summary.total_posts), id: 'total-posts' },
    { label: 'Participants', value: String(summary.participants), id: 'participants' },
    { label: 'Initial posts', value: String(summary.initial_posts), id: 'initial-posts' },
    { label: 'Replies', value: String(summary.replies), id: 'replies' },
    { label: 'Avg posts / participant', value: summary.average_posts_per_participant.toFixed(1), id: 'average-posts' },
  ];
  const averageScore =
    summary.average_score === null
      ? '–'
      : `${formatScore(Math.round(summary.average_score * 10) / 10)} / ${formatScore(pointsPossible)}`;
  const stats: Stat[] = isGraded
    ? [
        { label: 'Graded', value: String(summary.graded_count), id: 'graded' },
        { label: 'Pending', value: String(summary.pending_count), id: 'pending' },
        ...postStats,
        { label: 'Average score', value: averageScore, id: 'average-score' },
      ]
    : postStats;
  const maxLetter = Math.max(1, ...LETTERS.map((letter) => summary.letter_distribution[letter]));

  return (
    <Card aria-label="Grading status" data-testid="status-card">
      <CardContent className="flex flex-col gap-5 pt-5">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-base font-semibold">{isGraded ? 'Grading progress' : 'Discussion activity'}</h2>
            <span className="text-sm text-slate-600" data-testid="grading-progress">
              {isGraded
                ? `${summary.graded_count} of ${summary.student_count} graded (${formatPercent(summary.progress_percent)})`
                : 'Ungraded discussion: nothing to grade'}
            </span>
          </div>
          {isGraded ? (
            <div
              className="h-2.5 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label="Grading progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(summary.progress_percent)}
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width]"
                style={{ width: `${summary.progress_percent}%` }}
              />
            </div>
          ) : null}
        </div>
        <div className={cn('grid gap-5', isGraded && 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]')}>
          <dl className={cn('grid grid-cols-2 gap-3 sm:grid-cols-4', !isGraded && 'lg:grid-cols-5')}>
            {stats.map((stat) => (
              <div key={stat.id} className="rounded-lg bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-600">{stat.label}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid={`stat-${stat.id}`}>
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
          {isGraded ? (
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">Grade distribution</h3>
              <ul className="flex flex-col gap-1.5" aria-label="Grade distribution" data-testid="letter-distribution">
                {LETTERS.map((letter) => {
                  const count = summary.letter_distribution[letter];
                  return (
                    <li
                      key={letter}
                      className="grid grid-cols-[1.5rem_minmax(0,1fr)_2rem] items-center gap-2 text-sm"
                      title={LETTER_BANDS[letter]}
                    >
                      <span className="font-semibold">{letter}</span>
                      <span className="h-3 overflow-hidden rounded bg-slate-100">
                        <span
                          className={cn('block h-full rounded', LETTER_BARS[letter])}
                          style={{ width: `${(count / maxLetter) * 100}%` }}
                        />
                      </span>
                      <span className="text-right tabular-nums" data-testid={`letter-${letter}`}>
                        {count}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
