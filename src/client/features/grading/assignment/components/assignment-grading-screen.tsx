import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarClock, EyeOff, FileX } from 'lucide-react';
import { isSubmissionWaitingForGrade, submissionStatus } from '@/shared/schemas/grading';
import { Badge, EmptyState } from '@/client/ui/feedback';
import { toGradingOptions } from '@/client/features/grading/kernel/ai-options';
import { formatPercent, formatWhen } from '@/client/features/grading/kernel/format';
import { GradingHeader, HeaderFact } from '@/client/features/grading/kernel/grading-header';
import { GradingLoadError } from '@/client/features/grading/kernel/grading-load-error';
import { GradingSkeleton } from '@/client/features/grading/kernel/grading-skeleton';
import { ShortcutHelp } from '@/client/features/grading/kernel/shortcut-help';
import { UsageNotice } from '@/client/features/grading/kernel/usage-notice';
import { useGradingSession } from '@/client/features/grading/kernel/use-grading-session';
import { useStudentNavigator, WALK_PARAM } from '@/client/features/grading/kernel/use-student-navigator';
import { useGradingChoices, useGradingView, useStoredDrafts } from '../api/grading-api';
import { BatchDraftBar } from './batch-draft-bar';
import { AssignmentGradeForm } from './assignment-grade-form';
import { arrangeStudents, parseOrder, parseShow } from '../student-order';
import { StudentListControls } from './student-list-controls';
import { StudentNavigator } from './student-navigator';
import { SubmissionView } from './submission-view';

/** Submission on the left, the grade panel on the right (spec part 2 §2.1). */
const COLUMNS = 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]';

/** Spec part 2 §2.1: what to check when the assignment does not load. */
const LOAD_TIPS = [
  'Check that your Canvas credentials in Settings are still valid.',
  'Make sure you have permission to grade this assignment in Canvas.',
  'Check your internet connection.',
  'Refresh the page and try again.',
];

export function AssignmentGradingScreen({ courseId, assignmentId }: { courseId: string; assignmentId: string }) {
  const view = useGradingView(courseId, assignmentId);
  const drafts = useStoredDrafts(courseId, assignmentId);
  const allSubmissions = useMemo(() => view.data?.submissions ?? [], [view.data]);
  const [searchParams] = useSearchParams();
  const order = parseOrder(searchParams.get('order'));
  const show = parseShow(searchParams.get(WALK_PARAM));
  const openUserId = Number(searchParams.get('student')) || null;
  // A draft's sureness is remembered once seen: a saved student's draft is removed, and her place
  // in a "least sure first" list must not jump under Save & Next.
  const [uncertainties, setUncertainties] = useState<ReadonlyMap<number, number>>(new Map());
  const [draftsSeen, setDraftsSeen] = useState(drafts.data);
  if (drafts.data !== draftsSeen) {
    setDraftsSeen(drafts.data);
    const seen = Object.entries(drafts.data?.drafts ?? {}).flatMap(([userId, stored]) => {
      const uncertainty = stored.draft.basis?.confidence?.uncertainty;
      return uncertainty === undefined ? [] : [[Number(userId), uncertainty] as const];
    });
    if (seen.some(([userId, uncertainty]) => uncertainties.get(userId) !== uncertainty))
      setUncertainties(new Map([...uncertainties, ...seen]));
  }
  const submissions = useMemo(
    () =>
      arrangeStudents(allSubmissions, {
        order,
        show,
        uncertaintyOf: (userId) => uncertainties.get(userId) ?? null,
        openUserId,
      }),
    [allSubmissions, order, show, openUserId, uncertainties],
  );
  const total = allSubmissions.length;
  const navigator = useStudentNavigator({
    students: submissions,
    idOf: (submission) => submission.user_id,
    waitsForGrade: isSubmissionWaitingForGrade,
  });
  const {
    index: safeIndex,
    selectIndex: select,
    selectId,
    isHelpOpen,
    setHelpOpen,
    actionsRef,
    updateParams,
  } = navigator;
  const choices = useGradingChoices(courseId, assignmentId);
  const session = useGradingSession({
    actionsRef,
    showNext: () => navigator.move(1),
    showStudent: selectId,
    choices,
  });

  if (view.isPending)
    return <GradingSkeleton label="Loading assignment..." gridClassName={COLUMNS} columnCount={2} hasToolbar />;
  if (view.isError) {
    return (
      <GradingLoadError
        courseId={courseId}
        title="Error Loading Assignment"
        message={view.error.message}
        tips={LOAD_TIPS}
        onRetry={() => void view.refetch()}
      />
    );
  }

  const { assignment } = view.data;
  const gradedCount = allSubmissions.filter((submission) => submissionStatus(submission) === 'graded').length;
  const percentComplete = total > 0 ? (gradedCount / total) * 100 : 0;
  const current = submissions[safeIndex];
  const storedDraft = current ? drafts.data?.drafts[String(current.user_id)] : undefined;
  const waitingCount = allSubmissions.filter(isSubmissionWaitingForGrade).length;

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
            <HeaderFact icon={<CalendarClock aria-hidden />}>
              {assignment.due_at ? `Due ${formatWhen(assignment.due_at)}` : 'No due date'}
            </HeaderFact>
            <span>{assignment.points_possible ?? 100} points</span>
            <span data-testid="graded-count">
              {gradedCount} of {total} graded
            </span>
            <Badge tone={percentComplete >= 100 ? 'success' : 'brand'} data-testid="percent-complete">
              {formatPercent(percentComplete)} complete
            </Badge>
            {assignment.anonymous_grading ? (
              <HeaderFact icon={<EyeOff aria-hidden />}>
                <span
                  data-testid="anonymous-grading"
                  title="Canvas hides who wrote each submission until grades are posted"
                >
                  Graded anonymously: students are numbered
                </span>
              </HeaderFact>
            ) : null}
          </>
        }
      />

      {!current ? (
        <EmptyState icon={<FileX />} title="No Submissions Found">
          There are no student submissions for this assignment yet.
        </EmptyState>
      ) : (
        <>
          <UsageNotice />
          <StudentListControls
            order={order}
            show={show}
            waitingCount={waitingCount}
            onChange={(choice) =>
              updateParams({
                ...(choice.order ? { order: choice.order } : {}),
                ...(choice.show ? { [WALK_PARAM]: choice.show } : {}),
                student: String(current.user_id),
              })
            }
          />
          <StudentNavigator
            submissions={submissions}
            index={safeIndex}
            onSelect={select}
            onMove={navigator.move}
            canMove={navigator.canMove}
          />
          {assignment.moderated_grading ? null : (
            <BatchDraftBar
              courseId={courseId}
              assignmentId={assignmentId}
              job={drafts.data?.job ?? null}
              waitingCount={waitingCount}
              options={toGradingOptions(session.aiOptions, Boolean(assignment.rubric?.length))}
            />
          )}
          <div className={`grid items-start gap-6 ${COLUMNS}`}>
            <SubmissionView
              submission={current}
              courseId={courseId}
              assignmentId={assignmentId}
              fileFlags={storedDraft?.steering_flags}
            />
            <div className="min-w-0 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto lg:rounded-xl">
              <AssignmentGradeForm
                key={current.id}
                courseId={courseId}
                assignmentId={assignmentId}
                assignment={assignment}
                submission={current}
                storedDraft={storedDraft}
                session={session}
              />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
