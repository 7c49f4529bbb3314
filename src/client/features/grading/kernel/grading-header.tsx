import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ExternalLink } from 'lucide-react';

/**
 * The header every grading screen shares: breadcrumb back to the course, the title, a line of
 * facts, the screen's own actions and a link to the item in Canvas. Anything screen-specific (a
 * prompt, count cards) goes in as children below.
 */
export function GradingHeader({
  courseId,
  courseName,
  crumb,
  title,
  canvasUrl,
  facts,
  actions,
  children,
}: {
  courseId: string;
  courseName: string;
  crumb: string;
  title: string;
  canvasUrl: string;
  facts: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-3">
      <nav aria-label="Breadcrumb" className="flex items-center gap-2 text-sm text-slate-600">
        <Link
          to={`/courses/${courseId}`}
          className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {courseName}
        </Link>
        <span aria-hidden>/</span>
        <span>{crumb}</span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">{facts}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <a
            href={canvasUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50"
          >
            <ExternalLink className="size-4" aria-hidden />
            Open in Canvas
          </a>
        </div>
      </div>
      {children}
    </header>
  );
}

/** One fact of the header line, with its icon. */
export function HeaderFact({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <span className="inline-flex items-center gap-1 [&_svg]:size-4" data-testid={testId}>
      {icon}
      {children}
    </span>
  );
}
