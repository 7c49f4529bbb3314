import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradingChoices, GradingOptions } from '@/shared/schemas/ai';
import type {
  AssignmentGradingView,
  DraftJob,
  DraftResponse,
  SaveGradeRequest,
  SaveGradeResponse,
  StoredDrafts,
  UndoGradeResponse,
} from '@/shared/schemas/grading';
import { apiFetch, ApiError } from '@/client/lib/api-client';
import { sessionStore } from '@/client/lib/session-store';
import { afterGradeSaved, afterGradeSaveFailed } from '@/client/features/grading/kernel/grading-cache';
import { commentBankQuery } from '@/client/features/grading/kernel/api/comment-bank-api';

const base = (courseId: string, assignmentId: string) =>
  `/api/grading/courses/${encodeURIComponent(courseId)}/assignments/${encodeURIComponent(assignmentId)}`;

export const gradingViewQuery = (courseId: string, assignmentId: string) =>
  queryOptions({
    queryKey: ['grading', courseId, assignmentId],
    queryFn: ({ signal }) => apiFetch<AssignmentGradingView>(base(courseId, assignmentId), { signal }),
    staleTime: 5 * 60_000,
  });

export const storedDraftsQuery = (courseId: string, assignmentId: string) =>
  queryOptions({
    queryKey: ['grading', courseId, assignmentId, 'drafts'],
    queryFn: ({ signal }) => apiFetch<StoredDrafts>(`${base(courseId, assignmentId)}/drafts`, { signal }),
  });

export function useGradingView(courseId: string, assignmentId: string) {
  return useQuery(gradingViewQuery(courseId, assignmentId));
}

/**
 * Drafts kept for this assignment; polls while a whole-class run is going, asking each time only
 * for the drafts made since the last answer (a lecture's drafts are megabytes) and merging them.
 */
export function useStoredDrafts(courseId: string, assignmentId: string) {
  const stored = storedDraftsQuery(courseId, assignmentId);
  return useQuery({
    ...stored,
    queryFn: async ({ signal, client }) => {
      const held = client.getQueryData(stored.queryKey);
      const since = held?.job?.status === 'running' ? held.asOf : undefined;
      const url = `${base(courseId, assignmentId)}/drafts${since ? `?since=${encodeURIComponent(since)}` : ''}`;
      const answer = await apiFetch<StoredDrafts>(url, { signal });
      // Drafts changed on this screen meanwhile (saved, drafted again) are already in what is held.
      const latest = client.getQueryData(stored.queryKey);
      return answer.isPartial && latest ? { ...answer, drafts: { ...latest.drafts, ...answer.drafts } } : answer;
    },
    refetchInterval: (query) => (query.state.data?.job?.status === 'running' ? 1500 : false),
  });
}

/** The teacher's remembered drafting choices on this assignment (the rubric switch; decision 066). */
export function useGradingChoices(courseId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  const queryKey = ['grading', courseId, assignmentId, 'choices'];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiFetch<GradingChoices>(`${base(courseId, assignmentId)}/choices`, { signal }),
    staleTime: Infinity,
  });
  const mutation = useMutation({
    mutationFn: (choices: GradingChoices) =>
      apiFetch<GradingChoices>(`${base(courseId, assignmentId)}/choices`, { method: 'PUT', body: choices }),
    onSuccess: (choices) => queryClient.setQueryData(queryKey, choices),
  });
  return { remembered: query.data, remember: (choices: GradingChoices) => mutation.mutate(choices) };
}

export function useDraftFeedback(courseId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; options: GradingOptions }) =>
      apiFetch<DraftResponse>(`${base(courseId, assignmentId)}/drafts`, { method: 'POST', body: input }),
    onSuccess(response, input) {
      queryClient.setQueryData(storedDraftsQuery(courseId, assignmentId).queryKey, (stored) =>
        stored ? { ...stored, drafts: { ...stored.drafts, [String(input.userId)]: response } } : stored,
      );
    },
  });
}

export function useDraftWholeClass(courseId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: GradingOptions) =>
      apiFetch<DraftJob>(`${base(courseId, assignmentId)}/drafts/batch`, { method: 'POST', body: { options } }),
    onSuccess(job) {
      queryClient.setQueryData(storedDraftsQuery(courseId, assignmentId).queryKey, (stored) => ({
        drafts: stored?.drafts ?? {},
        job,
      }));
    },
  });
}

export function useSaveGrade(courseId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number } & SaveGradeRequest) => {
      const { userId, ...body } = input;
      return apiFetch<SaveGradeResponse>(`${base(courseId, assignmentId)}/grades/${userId}`, {
        method: 'PUT',
        body,
      });
    },
    onSuccess({ submission, usage }) {
      // Canvas's answer to a grade write names no user: the student keeps the name the list showed.
      queryClient.setQueryData(gradingViewQuery(courseId, assignmentId).queryKey, (view) =>
        view
          ? {
              ...view,
              submissions: view.submissions.map((existing) =>
                existing.user_id === submission.user_id ? { ...submission, user: existing.user } : existing,
              ),
            }
          : view,
      );
      afterGradeSaved(queryClient, usage);
      // The saved comment is in her comment bank now, for the next student.
      void queryClient.invalidateQueries({ queryKey: commentBankQuery({ courseId, assignmentId }).queryKey });
    },
    onError(error) {
      afterGradeSaveFailed(queryClient, error);
    },
  });
}

/** Undo of Margin's last save for a student (decision 051): Canvas's earlier grade and comment put back. */
export function useUndoGrade(courseId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiFetch<UndoGradeResponse>(`${base(courseId, assignmentId)}/grades/${userId}/undo`, { method: 'POST' }),
    onSuccess({ submission }) {
      queryClient.setQueryData(gradingViewQuery(courseId, assignmentId).queryKey, (view) =>
        view
          ? {
              ...view,
              submissions: view.submissions.map((existing) =>
                existing.user_id === submission.user_id ? { ...submission, user: existing.user } : existing,
              ),
            }
          : view,
      );
    },
  });
}

/** Downloads an attachment through our server (the browser never holds the Canvas token). */
export async function downloadAttachment(
  courseId: string,
  assignmentId: string,
  userId: number,
  attachmentId: number,
  filename: string,
) {
  const token = sessionStore.getSnapshot().session?.access_token;
  const response = await fetch(`${base(courseId, assignmentId)}/students/${userId}/attachments/${attachmentId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok)
    throw new ApiError(response.status, { message: 'The file could not be downloaded. Please try again.' });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
