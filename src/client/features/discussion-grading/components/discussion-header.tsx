import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CalendarClock, ExternalLink, MessagesSquare, Trophy, Users } from 'lucide-react';
import type { GradingDiscussion } from '@/shared/schemas/discussion-grading';
import { sanitizeHtml } from '@/client/lib/sanitize';
import { Badge } from '@/client/ui/feedback';
import { formatScore, formatWhen } from '@/client/components/grading/format';

export function DiscussionHeader({ courseId, discussion, actions }: { courseId: string; discussion: GradingDiscussion; actions?: ReactNode }) {
  return (
    <header className="flex flex-col gap-3">
      <nav aria-label="Breadcrumb" className="flex items-center gap-2 text-sm text-slate-600">
        <Link to={`/courses/${courseId}`} className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          {discussion.course.name}
        </Link>
        <span aria-hidden>/</span>
        <span>Grade Discussion</span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{discussion.title}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <CalendarClock className="size-4" aria-hidden />
              {discussion.posted_at ? `Posted ${formatWhen(discussion.posted_at)}` : 'No due date'}
            </span>
            <span className="inline-flex items-center gap-1" data-testid="discussion-points">
              <Trophy className="size-4" aria-hidden />
              {discussion.is_graded ? `${formatScore(discussion.points_possible)} points` : 'Ungraded'}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-4" aria-hidden />
              {discussion.participant_count} {discussion.participant_count === 1 ? 'participant' : 'participants'}
            </span>
            <span className="inline-flex items-center gap-1">
              <MessagesSquare className="size-4" aria-hidden />
              {discussion.post_count} {discussion.post_count === 1 ? 'post' : 'posts'}
            </span>
            {discussion.rubric ? <Badge tone="brand">Rubric</Badge> : null}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {actions}
          <a
            href={discussion.html_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50"
          >
            <ExternalLink className="size-4" aria-hidden />
            Open in Canvas
          </a>
        </div>
      </div>
      {discussion.message ? (
        <details open className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <summary className="cursor-pointer font-semibold">Discussion prompt</summary>
          <div
            className="mt-2 max-w-prose break-words text-slate-700 [&_a]:text-brand-600 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-2 [&_ul]:list-disc"
            data-testid="discussion-prompt"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(discussion.message) }}
          />
        </details>
      ) : null}
    </header>
  );
}
