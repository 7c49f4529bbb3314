import { useMemo, useState } from 'react';
import { BarChart3, Lightbulb } from 'lucide-react';
import type { AssignmentFigures, CourseAnalytics } from '@/shared/schemas/insights';
import { Card } from '@/client/ui/card';
import { EmptyState, Skeleton } from '@/client/ui/feedback';
import { Input, Label } from '@/client/ui/form';
import { Select } from '@/client/ui/select';
import { useCourseAnalytics, type AnalyticsFilter } from '../api/insights-api';
import { downloadCsv, fileSlug, toCsv } from '../csv';
import { LEFT_OUT_TEXT, formatDay, percent, share } from '../texts';
import { ChartFrame, DataTable } from './chart-frame';
import { CriteriaChart, HistogramChart, TrendChart } from './charts';
import { CsvButton, InsightsError, RefreshButton, Stat } from './insights-shared';

const NO_FILTER: AnalyticsFilter = { group: '', from: '', to: '' };

/** The Analytics tab: how the class did on each graded assignment, and what to teach again. */
export function AnalyticsTab({ courseId, courseName }: { courseId: string; courseName: string }) {
  const [filter, setFilter] = useState<AnalyticsFilter>(NO_FILTER);
  const analytics = useCourseAnalytics(courseId, filter);

  if (analytics.isPending) return <LoadingPanel label="Reading grades from Canvas…" />;
  if (analytics.isError)
    return (
      <InsightsError
        error={analytics.error}
        title="Could not load the course's analytics"
        onRetry={() => void analytics.refetch()}
      />
    );
  const data = analytics.data;
  return (
    <div className="flex flex-col gap-5" aria-busy={analytics.isFetching || undefined}>
      <FilterBar data={data} filter={filter} onChange={setFilter} courseId={courseId} courseName={courseName} />
      {data.assignments.length === 0 ? <NoGrades data={data} /> : <Figures data={data} />}
    </div>
  );
}

export function LoadingPanel({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <p role="status" className="text-sm text-slate-600">
        {label}
      </p>
      <Skeleton className="h-10 w-full" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}

function FilterBar({
  data,
  filter,
  onChange,
  courseId,
  courseName,
}: {
  data: CourseAnalytics;
  filter: AnalyticsFilter;
  onChange: (filter: AnalyticsFilter) => void;
  courseId: string;
  courseName: string;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-group">Assignment group</Label>
          <Select
            id="analytics-group"
            value={filter.group}
            placeholder="All groups"
            options={data.groups.map((group) => ({ value: String(group.id), label: group.name }))}
            onChange={(event) => onChange({ ...filter, group: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-from">Due from</Label>
          <Input
            id="analytics-from"
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            onChange={(event) => onChange({ ...filter, from: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-to">Due until</Label>
          <Input
            id="analytics-to"
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(event) => onChange({ ...filter, to: event.target.value })}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <CsvButton
          label="Download analytics (CSV)"
          onClick={() => downloadCsv(`${fileSlug(courseName)}-analytics.csv`, analyticsCsv(data))}
        />
        <RefreshButton courseId={courseId} />
        {filter !== NO_FILTER && (filter.group || filter.from || filter.to) ? (
          <button
            type="button"
            className="text-sm font-medium text-brand-600 underline-offset-4 hover:underline"
            onClick={() => onChange(NO_FILTER)}
          >
            Clear filters
          </button>
        ) : null}
        <p className="text-xs text-slate-600 sm:ml-auto">
          From Canvas, {new Date(data.computed_at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })};
          nothing is stored.
        </p>
      </div>
    </div>
  );
}

function NoGrades({ data }: { data: CourseAnalytics }) {
  const filtered = data.filter.group !== null || data.filter.from !== null || data.filter.to !== null;
  return (
    <div data-testid="analytics-empty">
      <EmptyState icon={<BarChart3 />} title={filtered ? 'No graded assignments match these filters' : 'No grades yet'}>
        {filtered
          ? 'Choose another group or widen the dates.'
          : 'Once you grade work in Canvas (here or there), this tab shows how the class did on each assignment and what to teach again.'}
      </EmptyState>
      <Coverage data={data} />
    </div>
  );
}

function Coverage({ data }: { data: CourseAnalytics }) {
  if (data.left_out.length === 0 && data.without_rubric.length === 0) return null;
  return (
    <details className="mt-3 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="analytics-coverage">
      <summary className="cursor-pointer font-medium text-ink">
        Using {data.assignments.length} {data.assignments.length === 1 ? 'assignment' : 'assignments'}; why the others
        are left out
      </summary>
      <ul className="mt-2 flex flex-col gap-1 text-slate-700">
        {data.left_out.map((item) => (
          <li key={item.id}>
            <span className="font-medium">{item.name}</span>: {LEFT_OUT_TEXT[item.reason]}
          </li>
        ))}
        {data.without_rubric.map((item) => (
          <li key={`rubric-${item.id}`}>
            <span className="font-medium">{item.name}</span>: in the scores; no rubric filled in, so not in the rubric
            view
          </li>
        ))}
      </ul>
    </details>
  );
}

function Figures({ data }: { data: CourseAnalytics }) {
  // The latest assignment with a rubric view (what to reteach comes first), else the latest.
  const latest =
    [...data.assignments].reverse().find((a) => a.rubric !== null) ?? data.assignments[data.assignments.length - 1];
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = data.assignments.find((a) => a.id === chosenId) ?? latest;
  const trendPoints = data.trend.map((point, index) => ({
    label: `${index + 1}`,
    median: point.median,
    name: point.name,
  }));
  return (
    <div className="flex flex-col gap-5">
      <Coverage data={data} />
      <Card className="p-4">
        <ChartFrame
          title="Class median by assignment"
          testId="trend-chart"
          summary={`Class median across ${data.trend.length} graded ${data.trend.length === 1 ? 'assignment' : 'assignments'} in due-date order: ${data.trend.map((p) => percent(p.median)).join(', ')}.`}
          chart={<TrendChart points={trendPoints} />}
          table={
            <DataTable
              caption="Class median by assignment"
              head={['#', 'Assignment', 'Due', 'Median']}
              rows={data.trend.map((p, index) => [index + 1, p.name, formatDay(p.due_at), percent(p.median)])}
            />
          }
        />
      </Card>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor="analytics-assignment">Assignment</Label>
        <Select
          id="analytics-assignment"
          value={String(chosen?.id ?? '')}
          options={data.assignments.map((a) => ({ value: String(a.id), label: `${a.name} (${formatDay(a.due_at)})` }))}
          onChange={(event) => setChosenId(Number(event.target.value))}
        />
      </div>
      {chosen ? <AssignmentPanel figures={chosen} /> : null}
    </div>
  );
}

function AssignmentPanel({ figures }: { figures: AssignmentFigures }) {
  const { counts, distribution } = figures;
  const weakIds = useMemo(() => new Set(figures.rubric?.reteach.map((item) => item.criterion_id)), [figures]);
  return (
    <section
      className="flex flex-col gap-4"
      aria-label={`Figures for ${figures.name}`}
      data-testid="assignment-figures"
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Graded" value={`${counts.graded} of ${counts.students}`} testId="count-graded" />
        <Stat label="Missing" value={counts.missing} testId="count-missing" />
        <Stat label="Late" value={counts.late} testId="count-late" />
        <Stat label="Excused" value={counts.excused} testId="count-excused" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-4">
          <ChartFrame
            title="Score distribution"
            testId="histogram"
            summary={`${counts.graded} graded scores. Median ${percent(distribution.median)}; middle half from ${percent(distribution.q1)} to ${percent(distribution.q3)}; lowest ${percent(distribution.min)}, highest ${percent(distribution.max)}.`}
            chart={<HistogramChart distribution={distribution} />}
            table={
              <DataTable
                caption="Students by score band"
                head={['Score band', 'Students']}
                rows={distribution.bins.map((bin) => [`${bin.from}–${bin.to}%`, bin.count])}
              />
            }
          />
          <p className="mt-2 text-sm text-ink" data-testid="median">
            Median <strong>{percent(distribution.median)}</strong> · spread (middle half) {percent(distribution.q1)}–
            {percent(distribution.q3)}
          </p>
        </Card>
        {figures.rubric ? (
          <Card className="p-4">
            <ChartFrame
              title="Rubric criteria: class average"
              testId="criteria-chart"
              summary={`Class average on each criterion as a share of its points, from ${figures.rubric.assessed} rubric assessments: ${figures.rubric.criteria.map((c) => `${c.description} ${share(c.average_share)}`).join('; ')}.`}
              chart={<CriteriaChart criteria={figures.rubric.criteria} weakIds={weakIds} />}
              table={
                <DataTable
                  caption="Rubric criteria: class average and share of students at each rating"
                  head={['Criterion', 'Average', 'Ratings (share of students)']}
                  rows={figures.rubric.criteria.map((c) => [
                    c.description,
                    `${share(c.average_share)} (${c.average_points} of ${c.points})`,
                    c.ratings.map((r) => `${r.description} ${share(r.share)}`).join(' · '),
                  ])}
                />
              }
            />
          </Card>
        ) : (
          <Card className="flex items-center p-4 text-sm text-slate-700" data-testid="no-rubric">
            This assignment has no rubric filled in, so there is no criterion view. Its scores are in the distribution.
          </Card>
        )}
      </div>
      {figures.rubric && figures.rubric.reteach.length > 0 ? <Reteach figures={figures} /> : null}
    </section>
  );
}

function Reteach({ figures }: { figures: AssignmentFigures }) {
  return (
    <section
      className="rounded-xl border border-amber-200 bg-amber-50 p-4"
      aria-labelledby="reteach-heading"
      data-testid="reteach"
    >
      <h3 id="reteach-heading" className="flex items-center gap-2 font-semibold text-amber-900">
        <Lightbulb className="size-5" aria-hidden />
        What to reteach
      </h3>
      <p className="mt-1 text-sm text-amber-900">
        The criteria where the class is furthest from full marks on your rubric, from your own rubric grades.
      </p>
      <ol className="mt-3 grid gap-3 md:grid-cols-3">
        {figures.rubric?.reteach.map((item) => (
          <li key={item.criterion_id} className="rounded-lg border border-amber-200 bg-white p-3 text-sm">
            <p className="font-semibold text-ink">{item.description}</p>
            <p className="text-slate-700">
              Class average {share(item.average_share)} · most students: <strong>{item.most_common.description}</strong>{' '}
              ({share(item.most_common.share)})
            </p>
            {item.next_up ? (
              <p className="mt-2 text-slate-700">
                Next step up, <strong>{item.next_up.description}</strong>
                {item.next_up.long_description ? `: ${item.next_up.long_description}` : ''}
              </p>
            ) : (
              <p className="mt-2 text-slate-700">Most students already reach the top rating.</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function analyticsCsv(data: CourseAnalytics): string {
  const rows: Array<Array<string | number | null>> = [
    [
      'Assignment',
      'Due',
      'Points',
      'Criterion',
      'Graded',
      'Missing',
      'Late',
      'Excused',
      'Median %',
      'Q1 %',
      'Q3 %',
      'Class average %',
      'Ratings',
    ],
  ];
  for (const a of data.assignments) {
    const d = a.distribution;
    rows.push([
      a.name,
      a.due_at,
      a.points_possible,
      null,
      a.counts.graded,
      a.counts.missing,
      a.counts.late,
      a.counts.excused,
      d.median,
      d.q1,
      d.q3,
      null,
      null,
    ]);
    for (const c of a.rubric?.criteria ?? []) {
      rows.push([
        a.name,
        a.due_at,
        c.points,
        c.description,
        c.assessed,
        null,
        null,
        null,
        null,
        null,
        null,
        Math.round(c.average_share * 1000) / 10,
        c.ratings.map((r) => `${r.description}: ${share(r.share)}`).join('; '),
      ]);
    }
  }
  for (const item of data.left_out)
    rows.push([
      item.name,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      `Left out: ${LEFT_OUT_TEXT[item.reason]}`,
    ]);
  return toCsv(rows);
}
