import { useId, useState, type ReactNode } from 'react';
import { BarChart3, Table2 } from 'lucide-react';
import { Button } from '@/client/ui/button';

/**
 * A chart with its title, a summary read out instead of the drawing, and the same figures as a
 * table one button away (the table is what a screen reader or a keyboard user reads in full).
 */
export function ChartFrame({
  title,
  summary,
  chart,
  table,
  testId,
}: {
  title: string;
  /** What the chart shows, in a sentence: its accessible name. */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  testId?: string;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  return (
    <figure className="flex min-w-0 flex-col gap-3" aria-labelledby={headingId} data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-ink">
          {title}
        </h3>
        <Button variant="outline" size="sm" aria-pressed={showTable} onClick={() => setShowTable((shown) => !shown)}>
          {showTable ? <BarChart3 aria-hidden /> : <Table2 aria-hidden />}
          {showTable ? 'Show chart' : 'Show table'}
          <span className="sr-only"> of {title}</span>
        </Button>
      </div>
      {showTable ? (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">{table}</div>
      ) : (
        <div role="img" aria-label={summary} className="w-full">
          {chart}
        </div>
      )}
      <figcaption className="text-sm text-slate-600">{summary}</figcaption>
    </figure>
  );
}

export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: ReadonlyArray<ReadonlyArray<ReactNode>>;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
        <tr>
          {head.map((label) => (
            <th key={label} scope="col" className="px-3 py-2">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((value, column) =>
              column === 0 ? (
                <th key={column} scope="row" className="px-3 py-2 font-medium">
                  {value}
                </th>
              ) : (
                <td key={column} className="px-3 py-2 tabular-nums">
                  {value}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
