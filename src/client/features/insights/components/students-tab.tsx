import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ArrowLeft, ExternalLink, Users } from 'lucide-react';
import type { CourseStudents, StudentSummary } from '@/shared/schemas/insights';
import { Button, ButtonLink } from '@/client/ui/button';
import { Badge, EmptyState } from '@/client/ui/feedback';
import { useCourseStudents, useStudentRecord } from '../api/insights-api';
import { downloadCsv, fileSlug, toCsv } from '../csv';
import { STATUS_TEXT, formatDay, percent } from '../texts';
import { Sparkline } from './charts';
import { LoadingPanel } from './analytics-tab';
import { CsvButton, InsightsError, RefreshButton } from './insights-shared';

/** The Students tab: every active student's standing, and one student's work when opened. */
export function StudentsTab({ courseId, courseName }: { courseId: string; courseName: string }) {
  const students = useCourseStudents(courseId);
  const [openId, setOpenId] = useState<number | null>(null);
  const [lastOpened, setLastOpened] = useState<number | null>(null);

  if (students.isPending) return <LoadingPanel label="Reading the class from Canvas…" />;
  if (students.isError)
    return (
      <InsightsError
        error={students.error}
        title="Could not load the students"
        onRetry={() => void students.refetch()}
      />
    );
  const data = students.data;
  const open = data.students.find((s) => s.id === openId);
  if (open)
    return (
      <StudentRecordPanel
        courseId={courseId}
        summary={open}
        onClose={() => {
          setLastOpened(open.id);
          setOpenId(null);
        }}
      />
    );
  if (data.students.length === 0)
    return (
      <EmptyState icon={<Users />} title="No active students">
        Students appear here once they accept their enrollment in Canvas.
      </EmptyState>
    );
  return (
    <StudentTable data={data} courseId={courseId} courseName={courseName} onOpen={setOpenId} focusId={lastOpened} />
  );
}

function StudentTable({
  data,
  courseId,
  courseName,
  onOpen,
  focusId,
}: {
  data: CourseStudents;
  courseId: string;
  courseName: string;
  onOpen: (id: number) => void;
  focusId: number | null;
}) {
  const flagged = data.students.filter((s) => s.flag).length;
  const returnFocus = useRef<HTMLButtonElement | null>(null);
  useEffect(() => returnFocus.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-slate-700">
          {data.students.length} active students
          {flagged > 0
            ? ` · ${flagged} flagged: their last two grades both fell 15 points or more below their earlier average`
            : ''}
        </p>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <CsvButton
            label="Download students (CSV)"
            onClick={() => downloadCsv(`${fileSlug(courseName)}-students.csv`, studentsCsv(data))}
          />
          <RefreshButton courseId={courseId} />
        </div>
      </div>
      {data.anonymous_assignments.length > 0 ? (
        <p className="text-sm text-slate-700" data-testid="anonymous-assignments-note">
          Graded anonymously in Canvas, so not shown for any student here:{' '}
          {data.anonymous_assignments.map((assignment) => assignment.name).join(', ')}. The class&apos;s figures for{' '}
          {data.anonymous_assignments.length === 1 ? 'it' : 'them'} are on the Analytics tab.
        </p>
      ) : null}
      <div
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
        data-testid="students-table"
      >
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">Students, current scores and trends</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Student
              </th>
              <th scope="col" className="px-4 py-3">
                Current score
              </th>
              <th scope="col" className="px-4 py-3">
                Trend
              </th>
              <th scope="col" className="px-4 py-3">
                Missing
              </th>
              <th scope="col" className="px-4 py-3">
                Late
              </th>
              <th scope="col" className="px-4 py-3">
                Flag
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.students.map((student) => (
              <tr key={student.id} data-testid="student-row">
                <th scope="row" className="px-4 py-2 font-medium">
                  <button
                    type="button"
                    ref={student.id === focusId ? returnFocus : undefined}
                    className="text-left text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2"
                    onClick={() => onOpen(student.id)}
                  >
                    {student.name}
                  </button>
                </th>
                <td className="px-4 py-2 tabular-nums" data-testid="student-score">
                  {student.current_score === null ? 'No grades' : percent(student.current_score)}
                </td>
                <td className="px-4 py-2">
                  <div
                    role="img"
                    aria-label={
                      student.trend.length
                        ? `Grades in due-date order: ${student.trend.map((p) => percent(p.percent)).join(', ')}`
                        : 'No graded work yet'
                    }
                  >
                    <Sparkline percents={student.trend.map((p) => p.percent)} />
                  </div>
                </td>
                <td className="px-4 py-2 tabular-nums">{student.missing}</td>
                <td className="px-4 py-2 tabular-nums">{student.late}</td>
                <td className="px-4 py-2">{student.flag ? <FlagBadge flag={student.flag} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function FlagBadge({ flag }: { flag: NonNullable<StudentSummary['flag']> }) {
  return (
    <Badge tone="warning" data-testid="student-flag">
      <AlertTriangle className="size-3.5" aria-hidden />
      Slipping
      <span className="sr-only">
        : last two grades {percent(flag.last_two[0])} and {percent(flag.last_two[1])}, earlier average{' '}
        {percent(flag.earlier_average)}
      </span>
    </Badge>
  );
}

function StudentRecordPanel({
  courseId,
  summary,
  onClose,
}: {
  courseId: string;
  summary: StudentSummary;
  onClose: () => void;
}) {
  const record = useStudentRecord(courseId, summary.id);
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="student-heading" data-testid="student-record">
      <div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <ArrowLeft aria-hidden />
          All students
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="student-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {summary.name}
          </h2>
          <p className="text-sm text-slate-700">
            Current score {summary.current_score === null ? '–' : percent(summary.current_score)} · {summary.missing}{' '}
            missing · {summary.late} late
            {summary.flag
              ? ` · last two grades ${percent(summary.flag.last_two[0])} and ${percent(summary.flag.last_two[1])}, against ${percent(summary.flag.earlier_average)} before`
              : ''}
          </p>
        </div>
        {summary.canvas_url ? (
          <a
            href={summary.canvas_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50"
          >
            <ExternalLink className="size-4" aria-hidden />
            Student page in Canvas
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      {record.isPending ? (
        <LoadingPanel label={`Reading ${summary.name}'s work…`} />
      ) : record.isError ? (
        <InsightsError
          error={record.error}
          title="Could not load this student's work"
          onRetry={() => void record.refetch()}
        />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {record.data.assignments.map((work) => (
            <li key={work.id} className="flex flex-col gap-2 p-4" data-testid="student-work">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{work.name}</p>
                  <p className="text-sm text-slate-700">
                    {work.due_at ? `Due ${formatDay(work.due_at)}` : 'No due date'}
                    {work.submitted_at ? ` · handed in ${formatDay(work.submitted_at)}` : ''}
                    {work.graded_at ? ` · graded ${formatDay(work.graded_at)}` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge
                    tone={work.status === 'missing' ? 'warning' : work.status === 'graded' ? 'success' : 'neutral'}
                  >
                    {STATUS_TEXT[work.status]}
                  </Badge>
                  {work.late ? <Badge tone="warning">Late</Badge> : null}
                  <span className="text-sm font-semibold tabular-nums" data-testid="work-grade">
                    {work.score !== null
                      ? `${work.score}${work.points_possible ? ` / ${work.points_possible}` : ''}`
                      : '–'}
                    {work.grade && work.grade !== String(work.score) ? ` (${work.grade})` : ''}
                  </span>
                </div>
              </div>
              {work.comments.length > 0 ? (
                <ul className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                  {work.comments.map((comment, index) => (
                    <li key={index}>
                      <span className="font-medium">{comment.author_name}:</span> {comment.comment}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="flex flex-wrap gap-3 text-sm">
                {work.grade_path ? (
                  <ButtonLink
                    to={work.grade_path}
                    size="sm"
                    aria-label={`Grade ${summary.name}'s ${work.name} in Margin`}
                  >
                    Grade in Margin
                  </ButtonLink>
                ) : null}
                <a
                  href={work.canvas_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-600 underline-offset-4 hover:underline"
                >
                  Open in Canvas
                  <span className="sr-only"> {work.name} (opens in a new tab)</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-600">
        From Canvas at the time of asking; Margin stores none of it.{' '}
        <Link to="/privacy" className="underline">
          Privacy
        </Link>
      </p>
    </section>
  );
}

function studentsCsv(data: CourseStudents): string {
  const rows: Array<Array<string | number | null>> = [
    [
      'Student',
      'Sortable name',
      'Current score %',
      'Graded',
      'Missing',
      'Late',
      'Flag',
      ...data.assignments.map((a) => `${a.name} %`),
    ],
  ];
  for (const s of data.students) {
    const byAssignment = new Map(s.trend.map((p) => [p.assignment_id, p.percent]));
    rows.push([
      s.name,
      s.sortable_name,
      s.current_score,
      s.graded,
      s.missing,
      s.late,
      s.flag ? `last two ${s.flag.last_two.join(' and ')} vs ${s.flag.earlier_average} before` : '',
      ...data.assignments.map((a) => byAssignment.get(a.id) ?? null),
    ]);
  }
  return toCsv(rows);
}
