import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradingOptions } from '@/shared/schemas/ai';
import type { DraftResponse, StoredDrafts } from '@/shared/schemas/grading';
import {
  quizCounts,
  type QuizAnswersResponse,
  type QuizGradingView,
  type SaveQuestionScoresRequest,
  type SaveQuestionScoresResponse,
  type UndoQuestionScoresResponse,
} from '@/shared/schemas/quiz-grading';
import { apiFetch } from '@/client/lib/api-client';
import { retryUnlessFinal } from '@/client/features/grading/kernel/canvas-retry';
import { answerRetryDelay, shouldRetryAnswers } from '../answer-attempts';
import { afterGradeSaved, afterGradeSaveFailed } from '@/client/features/grading/kernel/grading-cache';

const base = (courseId: string, quizId: string) =>
  `/api/grading/courses/${encodeURIComponent(courseId)}/quizzes/${encodeURIComponent(quizId)}`;

export const quizViewQuery = (courseId: string, quizId: string) =>
  queryOptions({
    queryKey: ['quiz-grading', courseId, quizId],
    queryFn: ({ signal }) => apiFetch<QuizGradingView>(base(courseId, quizId), { signal }),
    staleTime: 5 * 60_000,
    retry: retryUnlessFinal,
  });

/**
 * One student's answers, cached per quiz submission with its own status and error (the query's).
 * A load tries at most three times; the Retry button refetches, which starts a fresh count.
 */
const quizAnswersKey = (courseId: string, quizId: string, submissionId: number) =>
  ['quiz-grading', courseId, quizId, 'answers', submissionId] as const;

/** `assignmentId`, the quiz's assignment from the quiz view, saves the server a Canvas request per student. */
export const quizAnswersQuery = (
  courseId: string,
  quizId: string,
  submissionId: number,
  userId: number,
  assignmentId: number | null,
) =>
  queryOptions({
    queryKey: quizAnswersKey(courseId, quizId, submissionId),
    queryFn: ({ signal }) =>
      apiFetch<QuizAnswersResponse>(
        `${base(courseId, quizId)}/submissions/${submissionId}/answers?userId=${userId}${assignmentId === null ? '' : `&assignmentId=${assignmentId}`}`,
        { signal },
      ),
    staleTime: Infinity,
    retry: shouldRetryAnswers,
    retryDelay: answerRetryDelay,
    // After a failure, coming back to the student shows the error and the Retry button, not a fourth try.
    retryOnMount: false,
  });

export const quizDraftsQuery = (courseId: string, quizId: string, submissionId: number) =>
  queryOptions({
    queryKey: ['quiz-grading', courseId, quizId, 'drafts', submissionId],
    queryFn: ({ signal }) =>
      apiFetch<StoredDrafts>(`${base(courseId, quizId)}/submissions/${submissionId}/drafts`, { signal }),
    // Drafting and saving on this screen update this entry themselves; a prefetched one is not read twice.
    staleTime: 60_000,
  });

export function useQuizView(courseId: string, quizId: string) {
  return useQuery(quizViewQuery(courseId, quizId));
}

export function useQuizAnswers(
  courseId: string,
  quizId: string,
  submission: { id: number; user_id: number } | null,
  assignmentId: number | null,
  isEnabled: boolean,
) {
  return useQuery({
    ...quizAnswersQuery(courseId, quizId, submission?.id ?? 0, submission?.user_id ?? 0, assignmentId),
    enabled: submission !== null && isEnabled,
  });
}

export function useQuizDrafts(courseId: string, quizId: string, submissionId: number | null) {
  return useQuery({ ...quizDraftsQuery(courseId, quizId, submissionId ?? 0), enabled: submissionId !== null });
}

export function useDraftQuizAnswer(courseId: string, quizId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { submissionId: number; questionId: number; options: GradingOptions }) =>
      apiFetch<DraftResponse>(
        `${base(courseId, quizId)}/submissions/${input.submissionId}/questions/${input.questionId}/draft`,
        {
          method: 'POST',
          body: { options: input.options },
        },
      ),
    onSuccess(response, input) {
      queryClient.setQueryData(quizDraftsQuery(courseId, quizId, input.submissionId).queryKey, (stored) => ({
        drafts: { ...stored?.drafts, [String(input.questionId)]: response },
        job: null,
      }));
    },
  });
}

export function useSaveQuestionScores(courseId: string, quizId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, ...body }: { submissionId: number } & SaveQuestionScoresRequest) =>
      apiFetch<SaveQuestionScoresResponse>(`${base(courseId, quizId)}/submissions/${submissionId}/scores`, {
        method: 'PUT',
        body,
      }),
    onSuccess({ submission, usage }, input) {
      queryClient.setQueryData(quizViewQuery(courseId, quizId).queryKey, (view) => {
        if (!view) return view;
        const submissions = view.submissions.map((existing) =>
          existing.id === submission.id ? { ...existing, ...submission } : existing,
        );
        return { ...view, submissions, counts: { ...view.counts, ...quizCounts(submissions) } };
      });
      queryClient.setQueryData<QuizAnswersResponse>(quizAnswersKey(courseId, quizId, input.submissionId), (answers) => {
        if (!answers) return answers;
        return {
          ...answers,
          answers: answers.answers.map((answer) => {
            const graded = input.questions.find((item) => item.questionId === answer.question_id);
            if (!graded) return answer;
            return {
              ...answer,
              points: graded.score,
              correct: answer.correct === 'undefined' ? 'defined' : answer.correct,
              teacher_comment: graded.comment.trim() ? graded.comment : answer.teacher_comment,
            };
          }),
        };
      });
      queryClient.setQueryData(quizDraftsQuery(courseId, quizId, input.submissionId).queryKey, (stored) => {
        if (!stored) return stored;
        const drafts = { ...stored.drafts };
        for (const item of input.questions) delete drafts[String(item.questionId)];
        return { ...stored, drafts };
      });
      afterGradeSaved(queryClient, usage);
    },
    onError(error) {
      afterGradeSaveFailed(queryClient, error);
    },
  });
}

/** Undo of Margin's last save of a question (decision 051): its score and comment as they were. */
export function useUndoQuestionScores(courseId: string, quizId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { submissionId: number; questionId: number }) =>
      apiFetch<UndoQuestionScoresResponse>(
        `${base(courseId, quizId)}/submissions/${input.submissionId}/questions/${input.questionId}/undo`,
        { method: 'POST' },
      ),
    onSuccess({ submission, answer }, input) {
      queryClient.setQueryData(quizViewQuery(courseId, quizId).queryKey, (view) => {
        if (!view) return view;
        const submissions = view.submissions.map((existing) =>
          existing.id === submission.id ? { ...existing, ...submission } : existing,
        );
        return { ...view, submissions, counts: { ...view.counts, ...quizCounts(submissions) } };
      });
      queryClient.setQueryData<QuizAnswersResponse>(quizAnswersKey(courseId, quizId, input.submissionId), (answers) =>
        answers
          ? {
              ...answers,
              answers: answers.answers.map((existing) =>
                existing.question_id === answer.question_id ? { ...existing, ...answer } : existing,
              ),
            }
          : answers,
      );
    },
  });
}
