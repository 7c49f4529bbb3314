import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankedComment, CommentBankList } from '@/shared/schemas/comment-bank';
import { apiFetch } from '@/client/lib/api-client';

export type BankScope = { courseId: string; assignmentId: string };

export const commentBankQuery = ({ courseId, assignmentId }: BankScope) =>
  queryOptions({
    queryKey: ['comment-bank', courseId, assignmentId],
    queryFn: ({ signal }) =>
      apiFetch<CommentBankList>(
        `/api/grading/comment-bank?courseId=${encodeURIComponent(courseId)}&assignmentId=${encodeURIComponent(assignmentId)}`,
        { signal },
      ),
  });

export function useCommentBank(scope: BankScope) {
  return useQuery(commentBankQuery(scope));
}

/** Pin, edit or delete one kept comment; the list is read again afterwards. */
export function useChangeBankedComment(scope: BankScope) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: commentBankQuery(scope).queryKey });
  const update = useMutation({
    mutationFn: ({ id, ...changes }: { id: string; text?: string; pinned?: boolean }) =>
      apiFetch<BankedComment>(`/api/grading/comment-bank/${id}`, { method: 'PATCH', body: changes }),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/grading/comment-bank/${id}`, { method: 'DELETE' }),
    onSettled: settle,
  });
  return { update, remove };
}
