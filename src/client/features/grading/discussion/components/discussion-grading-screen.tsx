import { useMemo } from 'react';
import { ChevronLeft, ChevronRight, MessagesSquare } from 'lucide-react';
import { Button } from '@/client/ui/button';
import { Card, CardContent } from '@/client/ui/card';
import { EmptyState, Spinner } from '@/client/ui/feedback';
import { AnonymousTopicNotice } from '@/client/features/grading/kernel/anonymous-topic-notice';
import { GradingLoadError } from '@/client/features/grading/kernel/grading-load-error';
import { ShortcutHelp } from '@/client/features/grading/kernel/shortcut-help';
import { UsageNotice } from '@/client/features/grading/kernel/usage-notice';
import { useGradingSession } from '@/client/features/grading/kernel/use-grading-session';
import { STUDENT_HEADING, useStudentNavigator } from '@/client/features/grading/kernel/use-student-navigator';
import { WalkChoice } from '@/client/features/grading/kernel/walk-choice';
import { useSearchParamUpdater } from '@/client/features/grading/kernel/use-search-param-updater';
import { useDiscussionDrafts, useDiscussionView } from '../api/discussion-grading-api';
import {
  isDiscussionStudentWaiting,
  isEntriesTab,
  neighborInTab,
  studentsInTab,
  type EntriesTab,
} from '../student-filter';
import { DiscussionGradeForm } from './discussion-grade-form';
import { DiscussionHeader } from './discussion-header';
import { DiscussionStatusCard } from './discussion-status-card';
import { initialsOf, StudentEntries, StudentStatusBadge } from './student-entries';
import { StudentContext, StudentPosts } from './student-posts';

export function DiscussionGradingScreen({ courseId, discussionId }: { courseId: string; discussionId: string }) {
  const view = useDiscussionView(courseId, discussionId);
  const drafts = useDiscussionDrafts(courseId, discussionId, view.data?.discussion.is_graded === true);
  const [searchParams, updateParams] = useSearchParamUpdater();

  const students = useMemo(() => view.data?.students ?? [], [view.data]);
  const tabParam = searchParams.get('tab');
  const tab: EntriesTab = isEntriesTab(tabParam) ? tabParam : 'all';
  const visible = useMemo(() => studentsInTab(students, tab), [students, tab]);
  // Next and Previous walk the open tab; a student named in the URL stays shown in any tab.
  const navigator = useStudentNavigator({
    students,
    idOf: (student) => student.user.id,
    fallback: visible[0] ?? students[0] ?? null,
    neighbor: (from, direction) => neighborInTab(students, visible, from?.user.id ?? null, direction),
    waitsForGrade: isDiscussionStudentWaiting,
  });
  const { current, selectId: select, move, isHelpOpen, setHelpOpen, actionsRef } = navigator;
  const session = useGradingSession({ actionsRef, showNext: () => move(1), showStudent: select });
  const storedDraft = current ? drafts.data?.drafts[String(current.user.id)] : undefined;

  if (view.isPending) return <Spinner label="Loading discussion..." className="min-h-[50vh]" />;
  if (view.isError) {
    return (
      <GradingLoadError
        courseId={courseId}
        title="Error loading discussion entries"
        message="Could not load discussion posts. Please check your Canvas connection and try again."
        detail={view.error.message}
        onRetry={() => void view.refetch()}
      />
    );
  }

  const { discussion, summary } = view.data;
  const position = current ? visible.findIndex((student) => student.user.id === current.user.id) : -1;

  return (
    <div className="flex flex-col gap-5">
      <DiscussionHeader
        courseId={courseId}
        discussion={discussion}
        actions={
          <>
            {discussion.is_graded ? (
              <WalkChoice
                walk={navigator.walk}
                onWalkChange={navigator.setWalk}
                waitingCount={navigator.waitingCount}
              />
            ) : null}
            <ShortcutHelp open={isHelpOpen} onOpenChange={setHelpOpen} />
          </>
        }
      />
      {discussion.is_graded && !discussion.anonymous_grading ? <UsageNotice /> : null}
      <DiscussionStatusCard
        summary={summary}
        pointsPossible={discussion.points_possible}
        isGraded={discussion.is_graded}
      />

      {students.length > 0 && summary.total_posts === 0 ? (
        <EmptyState icon={<MessagesSquare />} title="No discussion entries found.">
          No student has posted yet.{discussion.is_graded ? ' You can still give a grade for not taking part.' : ''}
        </EmptyState>
      ) : null}
      {!current ? (
        <EmptyState icon={<MessagesSquare />} title="No discussion entries found." />
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-[300px_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr] xl:grid-cols-[300px_minmax(0,1fr)_350px] xl:grid-rows-[auto_1fr]">
          <div className="min-w-0 lg:row-span-3 lg:self-stretch xl:row-span-2">
            <StudentEntries
              students={students}
              tab={tab}
              onTabChange={(value) => updateParams({ tab: value })}
              selectedUserId={current.user.id}
              onSelect={select}
              pointsPossible={discussion.points_possible}
              isGradedDiscussion={discussion.is_graded}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-4 lg:col-start-2">
            <Card>
              <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
                <div className="flex min-w-0 items-center gap-3">
                  <span
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700"
                    aria-hidden
                  >
                    {initialsOf(current.user.name)}
                  </span>
                  <div className="min-w-0">
                    <h2 className="truncate text-lg font-semibold" data-testid="student-name" {...STUDENT_HEADING}>
                      {current.user.name}
                    </h2>
                    <p className="text-sm text-slate-600" data-testid="student-position">
                      {position < 0
                        ? 'Not in this list'
                        : discussion.anonymous_grading
                          ? `${position + 1} of ${visible.length} in this list`
                          : `Student ${position + 1} of ${visible.length}`}
                    </p>
                  </div>
                  <StudentStatusBadge student={current} isGradedDiscussion={discussion.is_graded} />
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => move(-1)}
                    disabled={!navigator.canMove(-1)}
                    aria-keyshortcuts="k ArrowLeft"
                  >
                    <ChevronLeft aria-hidden />
                    Previous
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => move(1)}
                    disabled={!navigator.canMove(1)}
                    aria-keyshortcuts="j ArrowRight"
                  >
                    Next
                    <ChevronRight aria-hidden />
                  </Button>
                </div>
              </CardContent>
            </Card>
            <StudentPosts student={current} />
          </div>
          <div className="min-w-0 lg:col-start-2 xl:sticky xl:top-20 xl:col-start-3 xl:row-span-2 xl:row-start-1 xl:max-h-[calc(100vh-6rem)] xl:overflow-y-auto xl:rounded-xl">
            {discussion.anonymous_grading ? (
              <AnonymousTopicNotice kind="discussion" canvasUrl={discussion.assignment_html_url ?? null} />
            ) : (
              <DiscussionGradeForm
                key={current.user.id}
                courseId={courseId}
                discussionId={discussionId}
                discussion={discussion}
                student={current}
                storedDraft={storedDraft}
                session={session}
              />
            )}
          </div>
          <div className="min-w-0 lg:col-start-2 xl:row-start-2">
            <StudentContext
              student={current}
              pointsPossible={discussion.points_possible}
              isGradedDiscussion={discussion.is_graded}
            />
          </div>
        </div>
      )}
    </div>
  );
}
