import { CornerDownRight, History, MessageCircle, MessageSquareText } from 'lucide-react';
import { isDiscussionStudentGraded, type DiscussionStudent } from '@/shared/schemas/discussion-grading';
import { gradeTone, letterGrade } from '@/shared/schemas/grading';
import { cn } from '@/client/lib/cn';
import { sanitizeHtml } from '@/client/lib/sanitize';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge, EmptyState } from '@/client/ui/feedback';
import { formatPercent, formatScore, formatWhen } from '@/client/features/grading/kernel/format';
import { GRADE_TONE_TEXT } from '@/client/features/grading/kernel/grade-input';

const POST_BODY_CLASSES =
  'break-words leading-relaxed [&_a]:text-brand-600 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-2 [&_p:last-child]:mb-0 [&_ul]:list-disc';

/** The student's posts in context: each reply shows the post it answers. */
export function StudentPosts({ student }: { student: DiscussionStudent }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <MessageSquareText className="size-4" aria-hidden />
          Posts ({student.post_count})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {student.posts.length === 0 ? (
          <EmptyState title="No posts yet">{student.user.name} has not posted in this discussion.</EmptyState>
        ) : (
          <ol className="flex flex-col gap-4" data-testid="student-posts">
            {student.posts.map((post) => (
              <li key={post.id} className="rounded-lg border border-slate-200 bg-paper p-4" data-testid="student-post">
                <p className="mb-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  <Badge tone={post.is_reply ? 'neutral' : 'brand'}>{post.is_reply ? 'Reply' : 'Initial post'}</Badge>
                  <span>{formatWhen(post.created_at)}</span>
                  {post.reply_count > 0 ? (
                    <span className="inline-flex items-center gap-1">
                      <MessageCircle className="size-3.5" aria-hidden />
                      {post.reply_count} {post.reply_count === 1 ? 'reply' : 'replies'}
                    </span>
                  ) : null}
                </p>
                {post.in_reply_to ? (
                  <blockquote
                    className="mb-3 rounded-md border-l-4 border-slate-300 bg-white px-3 py-2 text-sm text-slate-600"
                    data-testid="in-reply-to"
                  >
                    <p className="mb-1 flex items-center gap-1 text-xs font-medium text-slate-700">
                      <CornerDownRight className="size-3.5" aria-hidden />
                      Replying to {post.in_reply_to.author_name}
                      <span className="font-normal text-slate-500">· {formatWhen(post.in_reply_to.created_at)}</span>
                    </p>
                    {post.in_reply_to.is_deleted ? (
                      <p className="italic">This post was deleted.</p>
                    ) : (
                      <div
                        className={cn(POST_BODY_CLASSES, 'line-clamp-4')}
                        dangerouslySetInnerHTML={{ __html: sanitizeHtml(post.in_reply_to.message) }}
                      />
                    )}
                  </blockquote>
                ) : null}
                <div
                  className={cn(POST_BODY_CLASSES, 'font-serif')}
                  data-testid="post-body"
                  dangerouslySetInnerHTML={{ __html: sanitizeHtml(post.message) }}
                />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

const LEVEL_TONES = { None: 'danger', Minimal: 'warning', Good: 'info', Excellent: 'success' } as const;

/** Participation summary, the grade Canvas holds, and earlier comments with the original post's preview. */
export function StudentContext({
  student,
  pointsPossible,
  isGradedDiscussion,
}: {
  student: DiscussionStudent;
  pointsPossible: number;
  isGradedDiscussion: boolean;
}) {
  const { grade } = student;
  const percent = grade.score !== null && pointsPossible > 0 ? (grade.score / pointsPossible) * 100 : null;
  const teacherComments = grade.submission_comments.filter((comment) => comment.author_name !== student.user.name);
  const latestFeedback = teacherComments.at(-1);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="text-base">Participation</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm">
            Level
            <Badge tone={LEVEL_TONES[student.participation]} data-testid="participation-level">
              {student.participation}
            </Badge>
          </p>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {(
              [
                ['Posts', student.post_count],
                ['Initial', student.initial_post_count],
                ['Replies', student.reply_count],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 px-2 py-1.5">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-slate-500">0 posts None · 1 Minimal · 2-3 Good · 4+ Excellent</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="text-base">Previous grade</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm" data-testid="previous-grade">
          {!isGradedDiscussion ? (
            <p className="text-slate-600">This discussion is not graded in Canvas.</p>
          ) : grade.excused ? (
            <p>Excused</p>
          ) : isDiscussionStudentGraded(student) && grade.score !== null && percent !== null ? (
            <p className={cn('text-2xl font-semibold tabular-nums', GRADE_TONE_TEXT[gradeTone(percent)])}>
              {formatScore(grade.score)} / {formatScore(pointsPossible)}
              <span className="ml-2 text-sm font-medium">
                {formatPercent(percent)} · {letterGrade(percent)}
              </span>
            </p>
          ) : (
            <p className="text-slate-600">Not graded yet.</p>
          )}
          {latestFeedback ? (
            <div className="rounded-lg bg-slate-50 p-2">
              <p className="mb-1 text-xs text-slate-600">Latest feedback · {formatWhen(latestFeedback.created_at)}</p>
              <div
                className="line-clamp-4 break-words"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(latestFeedback.comment) }}
              />
            </div>
          ) : null}
        </CardContent>
      </Card>
      <Card className="sm:col-span-2">
        <CardHeader className="pb-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <History className="size-4" aria-hidden />
            Previous comments ({grade.submission_comments.length})
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          {student.original_post_preview ? (
            <p
              className="rounded-lg border border-dashed border-slate-300 p-2 text-slate-700"
              data-testid="original-post-preview"
            >
              <span className="font-medium">Original post: </span>
              {student.original_post_preview}
            </p>
          ) : null}
          {grade.submission_comments.length === 0 ? (
            <p className="text-slate-600">No comments yet.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {grade.submission_comments.map((comment) => (
                <li key={comment.id} className="rounded-lg bg-slate-50 p-3">
                  <p className="mb-1 text-xs text-slate-600">
                    <span className="font-medium text-ink">{comment.author_name}</span> ·{' '}
                    {formatWhen(comment.created_at)}
                  </p>
                  <div
                    className="whitespace-pre-line break-words"
                    dangerouslySetInnerHTML={{ __html: sanitizeHtml(comment.comment) }}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
