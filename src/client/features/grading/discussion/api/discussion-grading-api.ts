import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradingOptions } from '@/shared/schemas/ai';
import {
  summarizeDiscussion,
  type DiscussionGradingView,
  type SaveDiscussionGradeRequest,
  type SaveDiscussionGradeResponse,
  type UndoDiscussionGradeResponse,
} from '@/shared/schemas/discussion-grading';
import type { DraftResponse, StoredDrafts } from '@/shared/schemas/grading';
import { apiFetch } from '@/client/lib/api-client';
import { retryUnlessFinal } from '@/client/features/grading/kernel/canvas-retry';
import { afterGradeSaved, afterGradeSaveFailed } from '@/client/features/grading/kernel/grading-cache';

const base = (courseId: string, discussionId: string) =>
  `/api/grading/courses/${encodeURIComponent(courseId)}/discussions/${encodeURIComponent(discussionId)}`;

export const discussionViewQuery = (courseId: string, discussionId: string) =>
  queryOptions({
    queryKey: ['discussion-grading', courseId, discussionId],
    queryFn: ({ signal }) => apiFetch<DiscussionGradingView>(base(courseId, discussionId), { signal }),
    staleTime: 5 * 60_000,
    retry: retryUnlessFinal,
  });

export const discussionDraftsQuery = (courseId: string, discussionId: string) =>
  queryOptions({
    queryKey: ['discussion-grading', courseId, discussionId, 'drafts'],
    queryFn: ({ signal }) => apiFetch<StoredDrafts>(`${base(courseId, discussionId)}/drafts`, { signal }),
  });

export function useDiscussionView(courseId: string, discussionId: string) {
  return useQuery(discussionViewQuery(courseId, discussionId));
}

export function useDiscussionDrafts(courseId: string, discussionId: string, isEnabled: boolean) {
  return useQuery({ ...discussionDraftsQuery(courseId, discussionId), enabled: isEnabled });
}

export function useDraftDiscussionFeedback(courseId: string, discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; options: GradingOptions }) =>
      apiFetch<DraftResponse>(`${base(courseId, discussionId)}/drafts`, { method: 'POST', body: input }),
    onSuccess(response, input) {
      queryClient.setQueryData(discussionDraftsQuery(courseId, discussionId).queryKey, (stored) => ({
        drafts: { ...stored?.drafts, [String(input.userId)]: response },
        job: stored?.job ?? null,
      }));
    },
  });
}

export function useSaveDiscussionGrade(courseId: string, discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: number } & SaveDiscussionGradeRequest) =>
      apiFetch<SaveDiscussionGradeResponse>(`${base(courseId, discussionId)}/grades/${userId}`, {
        method: 'PUT',
        body,
      }),
    onSuccess({ user_id: userId, grade, usage }) {
      queryClient.setQueryData(discussionViewQuery(courseId, discussionId).queryKey, (view) => {
        if (!view) return view;
        const students = view.students.map((student) => (student.user.id === userId ? { ...student, grade } : student));
        return { ...view, students, summary: summarizeDiscussion(students, view.discussion.points_possible) };
      });
      queryClient.setQueryData(discussionDraftsQuery(courseId, discussionId).queryKey, (stored) => {
        if (!stored) return stored;
        const { [String(userId)]: _saved, ...rest } = stored.drafts;
        return { ...stored, drafts: rest };
      });
      afterGradeSaved(queryClient, usage);
    },
    onError(error) {
      afterGradeSaveFailed(queryClient, error);
    },
  });
}

/** Undo of Margin's last save for a student (decision 051): Canvas's earlier grade and comment put back. */
export function useUndoDiscussionGrade(courseId: string, discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiFetch<UndoDiscussionGradeResponse>(`${base(courseId, discussionId)}/grades/${userId}/undo`, {
        method: 'POST',
      }),
    onSuccess({ user_id: userId, grade }) {
      queryClient.setQueryData(discussionViewQuery(courseId, discussionId).queryKey, (view) => {
        if (!view) return view;
        const students = view.students.map((student) => (student.user.id === userId ? { ...student, grade } : student));
        return { ...view, students, summary: summarizeDiscussion(students, view.discussion.points_possible) };
      });
    },
  });
}
