import { useCallback, useMemo, useRef, useState } from 'react';
import { CalendarClock, FileX } from 'lucide-react';
import { isPlaceholderSubmission, submissionStatus } from '@/shared/schemas/grading';
import { usePublicConfig } from '@/client/lib/public-config';
import { Badge, EmptyState, ErrorState, Skeleton } from '@/client/ui/feedback';
import { useGradingView, useStoredDrafts } from '../api/grading-api';
import { formatPercent, formatWhen } from '@/client/components/grading/format';
import { useGradingShortcuts } from '@/client/components/grading/use-grading-shortcuts';
import { BatchDraftBar } from './batch-draft-bar';
import { DEFAULT_AI_OPTIONS, toGradingOptions, type AiOptionsState } from '@/client/components/grading/ai-options';
import { GradePanel, type PanelActions } from './grade-panel';
import { ShortcutHelp } from '@/client/components/grading/shortcut-help';
import { GradingHeader, HeaderFact } from '@/client/components/grading/grading-header';
import { UsageNotice } from '@/client/components/grading/usage-notice';
import { StudentNavigator } from './student-navigator';
import { SubmissionView } from './submission-view';

export function AssignmentGradingScreen({ courseId, assignmentId }: { courseId: string; assignmentId: string }) {
  const view = useGradingView(courseId, assignmentId);
  const drafts = useStoredDrafts(courseId, assignmentId);
  const publicConfig = usePublicConfig();
  const [index, setIndex] = useState(0);
  const [aiOptions, setAiOptions] = useState<AiOptionsState>(DEFAULT_AI_OPTIONS);
  const [isHelpOpen, setHelpOpen] = useState(false);
  const actionsRef = useRef<PanelActions | null>(null);

  const submissions = useMemo(() => view.data?.submissions ?? [], [view.data]);
  const total = submissions.length;
  const safeIndex = Math.min(index, Math.max(0, total - 1));
  const select = useCallback((next: number) => setIndex(Math.min(Math.max(0, next), Math.max(0, total - 1))), [total]);

  useGradingShortcuts({
    isEnabled: total > 0 && !isHelpOpen,
    next: () => select(safeIndex + 1),
    previous: () => select(safeIndex - 1),
    quickFill: (percent) => actionsRef.current?.quickFill(percent),
    draft: () => actionsRef.current?.draft(),
    saveAndNext: () => actionsRef.current?.save(true),
    help: () => setHelpOpen(true),
  });

  if (view.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-24" />
        <Skeleton className="h-14" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      </div>
    );
  }
  if (view.isError) {
    return (
      <ErrorState title="Error Loading Assignment" message={view.error.message} onRetry={() => void view.refetch()}>
        <ul className="list-disc pl-5 text-sm">
          <li>Check that your Canvas credentials in Settings are still valid.</li>
          <li>Make sure you have permission to grade this assignment in Canvas.</li>
          <li>Check your internet connection.</li>
          <li>Refresh the page and try again.</li>
        </ul>
      </ErrorState>
    );
  }

  const { assignment } = view.data;
  const gradedCount = submissions.filter((submission) => submissionStatus(submission) === 'graded').length;
  const percentComplete = total > 0 ? (gradedCount / total) * 100 : 0;
  const current = submissions[safeIndex];
  const waitingCount = submissions.filter(
    (submission) => !isPlaceholderSubmission(submission.id) && submission.submitted_at && submission.workflow_state !== 'graded',
  ).length;

  return (
    <div className="flex flex-col gap-5">
      <GradingHeader
        courseId={courseId}
        courseName={assignment.course.name}
        crumb="Grade Assignment"
        title={assignment.name}
        canvasUrl={assignment.html_url}
        actions={<ShortcutHelp open={isHelpOpen} onOpenChange={setHelpOpen} />}
        facts={
          <>
            <HeaderFact icon={<CalendarClock aria-hidden />}>{assignment.due_at ? `Due ${formatWhen(assignment.due_at)}` : 'No due date'}</HeaderFact>
            <span>{assignment.points_possible ?? 100} points</span>
            <span data-testid="graded-count">
              {gradedCount} of {total} graded
            </span>
            <Badge tone={percentComplete >= 100 ? 'success' : 'brand'} data-testid="percent-complete">
              {formatPercent(percentComplete)} complete
            </Badge>
          </>
        }
      />

      {total === 0 || !current ? (
        <EmptyState icon={<FileX />} title="No Submissions Found">
          There are no student submissions for this assignment yet.
        </EmptyState>
      ) : (
        <>
          <UsageNotice />
          <StudentNavigator submissions={submissions} index={safeIndex} onSelect={select} />
          <BatchDraftBar
            courseId={courseId}
            assignmentId={assignmentId}
            job={drafts.data?.job ?? null}
            waitingCount={waitingCount}
            options={toGradingOptions(aiOptions, Boolean(assignment.rubric?.length))}
          />
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <SubmissionView submission={current} courseId={courseId} assignmentId={assignmentId} />
            <GradePanel
              key={`${current.id}:${drafts.data?.drafts[String(current.user_id)] ? 'drafted' : 'none'}`}
              courseId={courseId}
              assignmentId={assignmentId}
              assignment={assignment}
              submission={current}
              storedDraft={drafts.data?.drafts[String(current.user_id)]}
              aiOptions={aiOptions}
              onAiOptionsChange={setAiOptions}
              engineName={publicConfig.data?.aiEngine}
              actionsRef={actionsRef}
              onSaved={(andNext) => {
                if (andNext) select(safeIndex + 1);
              }}
            />
          </div>
        </>
      )}
    </div>
  );
}
