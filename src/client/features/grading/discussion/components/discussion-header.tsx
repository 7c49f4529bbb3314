import type { ReactNode } from 'react';
import { CalendarClock, MessagesSquare, Trophy, Users } from 'lucide-react';
import type { GradingDiscussion } from '@/shared/schemas/discussion-grading';
import { sanitizeHtml } from '@/client/lib/sanitize';
import { Badge } from '@/client/ui/feedback';
import { formatScore, formatWhen } from '@/client/features/grading/kernel/format';
import { GradingHeader, HeaderFact } from '@/client/features/grading/kernel/grading-header';

export function DiscussionHeader({
  courseId,
  discussion,
  actions,
}: {
  courseId: string;
  discussion: GradingDiscussion;
  actions?: ReactNode;
}) {
  return (
    <GradingHeader
      courseId={courseId}
      courseName={discussion.course.name}
      crumb="Grade Discussion"
      title={discussion.title}
      canvasUrl={discussion.html_url}
      actions={actions}
      facts={
        <>
          <HeaderFact icon={<CalendarClock aria-hidden />}>
            {discussion.posted_at ? `Posted ${formatWhen(discussion.posted_at)}` : 'No due date'}
          </HeaderFact>
          <HeaderFact icon={<Trophy aria-hidden />} testId="discussion-points">
            {discussion.is_graded ? `${formatScore(discussion.points_possible)} points` : 'Ungraded'}
          </HeaderFact>
          <HeaderFact icon={<Users aria-hidden />}>
            {discussion.participant_count} {discussion.participant_count === 1 ? 'participant' : 'participants'}
          </HeaderFact>
          <HeaderFact icon={<MessagesSquare aria-hidden />}>
            {discussion.post_count} {discussion.post_count === 1 ? 'post' : 'posts'}
          </HeaderFact>
          {discussion.rubric ? <Badge tone="brand">Rubric</Badge> : null}
        </>
      }
    >
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
    </GradingHeader>
  );
}
