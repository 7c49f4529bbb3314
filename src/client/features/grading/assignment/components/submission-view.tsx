import { useState } from 'react';
import { Download, ExternalLink, FileText, Link2, MessageCircle, UserRound } from 'lucide-react';
import { toast } from '@/client/lib/toast';
import {
  isPlaceholderSubmission,
  submissionStatus,
  type GradingSubmission,
  type SteeringFlag,
  type SubmissionStatus,
} from '@/shared/schemas/grading';
import { sanitizeHtml } from '@/client/lib/sanitize';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge, EmptyState } from '@/client/ui/feedback';
import { downloadAttachment } from '../api/grading-api';
import { SteeringFlags } from './steering-flags';
import { formatFileSize, formatWhen } from '@/client/features/grading/kernel/format';
import { STUDENT_HEADING } from '@/client/features/grading/kernel/use-student-navigator';

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  excused: 'Excused',
  graded: 'Graded',
  missing: 'Missing',
  late: 'Late',
  submitted: 'Submitted',
  not_submitted: 'Not Submitted',
};
const STATUS_TONES = {
  excused: 'neutral',
  graded: 'success',
  missing: 'danger',
  late: 'warning',
  submitted: 'info',
  not_submitted: 'neutral',
} as const;

export function SubmissionView({
  submission,
  courseId,
  assignmentId,
  fileFlags,
}: {
  submission: GradingSubmission;
  courseId: string;
  assignmentId: string;
  /** Hidden text found in the attached files when they were read for the draft. */
  fileFlags?: readonly SteeringFlag[] | undefined;
}) {
  const status = submissionStatus(submission);
  const isPlaceholder = isPlaceholderSubmission(submission.id);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <UserRound className="size-5" aria-hidden />
          </span>
          <div>
            <CardTitle data-testid="student-name" {...STUDENT_HEADING}>
              {submission.user.name}
            </CardTitle>
            <p className="text-sm text-slate-600">
              {submission.submitted_at ? `Submitted ${formatWhen(submission.submitted_at)}` : 'No submission yet'}
              {submission.attempt && submission.attempt > 1 ? ` · Attempt ${submission.attempt}` : ''}
            </p>
          </div>
        </div>
        <Badge tone={STATUS_TONES[status]} data-testid="submission-status">
          {STATUS_LABELS[status]}
          {status === 'graded' && submission.score !== null ? `: ${submission.grade ?? submission.score}` : ''}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {isPlaceholder ? (
          <EmptyState icon={<FileText />} title="This student hasn't submitted anything yet">
            There is nothing to grade for {submission.user.name} on this assignment.
          </EmptyState>
        ) : (
          <>
            <SteeringFlags flags={[...(submission.steering_flags ?? []), ...(fileFlags ?? [])]} />
            {submission.body ? (
              <article
                className="submission-body max-w-none break-words rounded-lg border border-slate-100 bg-paper p-4 font-serif leading-relaxed [&_a]:text-brand-600 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-3 [&_ul]:list-disc"
                data-testid="submission-body"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(submission.body) }}
              />
            ) : null}
            {submission.url ? (
              <p className="flex items-center gap-2 text-sm">
                <Link2 className="size-4" aria-hidden />
                <a
                  href={submission.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="break-all text-brand-600 underline"
                >
                  {submission.url}
                </a>
                <ExternalLink className="size-3.5 text-slate-500" aria-hidden />
              </p>
            ) : null}
            {submission.attachments.length > 0 ? (
              <Attachments submission={submission} courseId={courseId} assignmentId={assignmentId} />
            ) : null}
            {!submission.body && !submission.url && submission.attachments.length === 0 ? (
              <p className="text-sm text-slate-600">This submission has no text, link or files to show.</p>
            ) : null}
          </>
        )}
        {submission.submission_comments.length > 0 ? (
          <section aria-label="Comments" className="flex flex-col gap-3">
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <MessageCircle className="size-4" aria-hidden />
              Comments
            </h3>
            <ul className="flex flex-col gap-2">
              {submission.submission_comments.map((comment) => (
                <li key={comment.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <p className="mb-1 text-xs text-slate-600">
                    <span className="font-medium text-ink">{comment.author_name}</span> ·{' '}
                    {formatWhen(comment.created_at)}
                  </p>
                  {/* Canvas keeps a comment as plain text: its line breaks are the teacher's paragraphs and lists. */}
                  <div
                    className="whitespace-pre-line"
                    dangerouslySetInnerHTML={{ __html: sanitizeHtml(comment.comment) }}
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Attachments({
  submission,
  courseId,
  assignmentId,
}: {
  submission: GradingSubmission;
  courseId: string;
  assignmentId: string;
}) {
  const [downloading, setDownloading] = useState<number | null>(null);
  return (
    <section aria-label="Attachments" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Files</h3>
      <ul className="flex flex-col gap-2">
        {submission.attachments.map((attachment) => (
          <li
            key={attachment.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
          >
            <span className="flex min-w-0 items-center gap-2">
              <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
              <span className="truncate font-medium">{attachment.display_name || attachment.filename}</span>
              <span className="shrink-0 text-slate-500">{formatFileSize(attachment.size)}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              isLoading={downloading === attachment.id}
              onClick={async () => {
                setDownloading(attachment.id);
                try {
                  await downloadAttachment(
                    courseId,
                    assignmentId,
                    submission.user_id,
                    attachment.id,
                    attachment.display_name || attachment.filename,
                  );
                } catch (error) {
                  toast.error('Download failed', {
                    description: error instanceof Error ? error.message : 'Please try again.',
                  });
                } finally {
                  setDownloading(null);
                }
              }}
            >
              {downloading === attachment.id ? null : <Download aria-hidden />}
              Download
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
