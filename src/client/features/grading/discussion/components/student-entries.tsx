import { isDiscussionStudentGraded, type DiscussionStudent } from '@/shared/schemas/discussion-grading';
import { cn } from '@/client/lib/cn';
import { Card, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge } from '@/client/ui/feedback';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/ui/tabs';
import { formatScore } from '@/client/features/grading/kernel/format';
import { ENTRIES_TABS, isEntriesTab, studentsInTab, tabCounts, type EntriesTab } from '../student-filter';

const TAB_LABELS: Record<EntriesTab, string> = { all: 'All', ungraded: 'Ungraded', graded: 'Graded' };

export function StudentStatusBadge({
  student,
  isGradedDiscussion,
}: {
  student: DiscussionStudent;
  isGradedDiscussion: boolean;
}) {
  if (isGradedDiscussion && student.grade.excused) return <Badge tone="success">Excused</Badge>;
  if (isGradedDiscussion && isDiscussionStudentGraded(student)) return <Badge tone="success">Graded</Badge>;
  if (student.post_count > 0) return <Badge tone="info">{isGradedDiscussion ? 'Submitted' : 'Posted'}</Badge>;
  return <Badge tone={isGradedDiscussion ? 'danger' : 'neutral'}>{isGradedDiscussion ? 'Missing' : 'No posts'}</Badge>;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
}

/** 'Student Entries': tabs All / Ungraded / Graded with counts, one row per student. */
export function StudentEntries({
  students,
  tab,
  onTabChange,
  selectedUserId,
  onSelect,
  pointsPossible,
  isGradedDiscussion,
}: {
  students: DiscussionStudent[];
  tab: EntriesTab;
  onTabChange: (tab: EntriesTab) => void;
  selectedUserId: number | null;
  onSelect: (userId: number) => void;
  pointsPossible: number;
  isGradedDiscussion: boolean;
}) {
  const counts = tabCounts(students);
  return (
    <Card className="flex min-w-0 flex-col lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)]">
      <CardHeader className="shrink-0 pb-2">
        <CardTitle>Student Entries</CardTitle>
      </CardHeader>
      <Tabs
        value={tab}
        onValueChange={(value) => isEntriesTab(value) && onTabChange(value)}
        className="flex min-h-0 flex-1 flex-col px-3 pb-3"
      >
        <TabsList className="w-full shrink-0">
          {ENTRIES_TABS.map((value) => (
            <TabsTrigger
              key={value}
              value={value}
              data-testid={`tab-${value}`}
              className="flex-col gap-0 px-1 py-1 text-xs leading-tight"
            >
              <span>{TAB_LABELS[value]}</span>
              <span className="text-sm font-semibold tabular-nums" data-testid={`tab-count-${value}`}>
                {counts[value]}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {ENTRIES_TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-2 min-h-0 flex-1 overflow-y-auto max-lg:max-h-80">
            <StudentList
              students={studentsInTab(students, value)}
              selectedUserId={selectedUserId}
              onSelect={onSelect}
              pointsPossible={pointsPossible}
              isGradedDiscussion={isGradedDiscussion}
            />
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  );
}

function StudentList({
  students,
  selectedUserId,
  onSelect,
  pointsPossible,
  isGradedDiscussion,
}: {
  students: DiscussionStudent[];
  selectedUserId: number | null;
  onSelect: (userId: number) => void;
  pointsPossible: number;
  isGradedDiscussion: boolean;
}) {
  if (students.length === 0) return <p className="px-2 py-6 text-center text-sm text-slate-600">No students here.</p>;
  return (
    <ul className="flex flex-col gap-1" aria-label="Students">
      {students.map((student) => {
        const isSelected = student.user.id === selectedUserId;
        return (
          <li key={student.user.id}>
            <button
              type="button"
              onClick={() => onSelect(student.user.id)}
              aria-current={isSelected ? 'true' : undefined}
              data-testid="student-entry"
              className={cn(
                'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left text-sm transition-colors',
                isSelected ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
              )}
            >
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
                aria-hidden
              >
                {initialsOf(student.user.name)}
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="truncate font-medium" title={student.user.name}>
                  {student.user.name}
                </span>
                <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
                  <StudentStatusBadge student={student} isGradedDiscussion={isGradedDiscussion} />
                  <span className="tabular-nums" data-testid="entry-score">
                    {isGradedDiscussion
                      ? `${student.grade.score === null ? '–' : formatScore(student.grade.score)}/${formatScore(pointsPossible)} · `
                      : ''}
                    {student.post_count} {student.post_count === 1 ? 'post' : 'posts'}
                  </span>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
