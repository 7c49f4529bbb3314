import type { DraftResponse } from '@/shared/schemas/grading';
import {
  parseQuestionScore,
  questionAnswerState,
  questionTypeLabel,
  quizSubmissionUrl,
  type GradingQuiz,
  type QuizAnswer,
  type QuizGradingSubmission,
  type QuizQuestion,
} from '@/shared/schemas/quiz-grading';
import { CardTitle } from '@/client/ui/card';
import { formatScore } from '@/client/features/grading/kernel/format';
import { GradeForm } from '@/client/features/grading/kernel/grade-form';
import { PostingHint } from '@/client/features/grading/kernel/posting-hint';
import type { GradingSession } from '@/client/features/grading/kernel/use-grading-session';
import { useDraftQuizAnswer, useSaveQuestionScores, useUndoQuestionScores } from '../api/quiz-grading-api';

/** Written answers the AI can read and draft a score for. */
const DRAFTABLE_TYPES = new Set(['essay_question', 'short_answer_question', 'fill_in_multiple_blanks_question']);

/**
 * One question of one student's quiz, graded with the kernel's form and keyed by submission and
 * question: a required score from 0 to the question's points in steps of 0.5 (an unparseable value
 * counts as 0, and a score above the points is stored as the points) and an optional comment. Its
 * unsaved edits are kept per `submissionId:questionId` in the screen's memory, like a student's on
 * the other screens.
 */
export function QuestionGradeForm({
  courseId,
  quizId,
  quiz,
  submission,
  question,
  position,
  answer,
  isAnswerLoaded,
  storedDraft,
  session,
}: {
  courseId: string;
  quizId: string;
  quiz: Pick<GradingQuiz, 'html_url' | 'post_manually'>;
  submission: QuizGradingSubmission;
  question: QuizQuestion;
  position: number;
  answer: QuizAnswer | undefined;
  isAnswerLoaded: boolean;
  storedDraft: DraftResponse | undefined;
  session: GradingSession;
}) {
  const max = question.points_possible;
  const isScored = answer !== undefined && answer.correct !== 'undefined';
  const isTaking = submission.workflow_state === 'untaken';
  const isAnswered = isAnswerLoaded && questionAnswerState(question.question_type, answer) !== 'no_answer';
  const label = question.name || `Question ${position}`;
  const saving = useSaveQuestionScores(courseId, quizId);
  const drafting = useDraftQuizAnswer(courseId, quizId);
  const undoing = useUndoQuestionScores(courseId, quizId);

  return (
    <GradeForm
      session={session}
      student={{ id: submission.user_id, name: submission.user.name }}
      subject={`${submission.id}:${question.id}`}
      header={
        <>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            Grading question {position} · {questionTypeLabel(question.question_type)}
            {question.needs_manual_grading ? ' *' : ''}
          </p>
          <CardTitle className="text-base">{label}</CardTitle>
          <p className="text-sm text-slate-600" data-testid="question-student">
            {submission.user.name}
          </p>
        </>
      }
      fields={{
        points: max,
        rubric: null,
        isGradeFromRubric: false,
        savedScore: isScored ? answer.points : null,
        savedRubric: null,
        // A draft waiting for an answer Canvas or the teacher already scored is not applied.
        waitingDraft: isScored ? null : (storedDraft?.draft ?? null),
        isGraded: isScored,
      }}
      feedback={{
        label: 'Comment (optional)',
        placeholder: 'A comment for the student on this answer.',
        rows: 4,
      }}
      hint={<PostingHint postManually={quiz.post_manually ?? false} studentName={submission.user.name} />}
      lock={
        isTaking
          ? {
              label: 'Not Submitted Yet',
              reason: 'This student is still taking the quiz. It can be graded once they submit it.',
            }
          : null
      }
      draft={
        DRAFTABLE_TYPES.has(question.question_type)
          ? {
              basis: 'the question',
              cannotDraftReason: isAnswered
                ? null
                : isAnswerLoaded
                  ? 'The student did not answer this question.'
                  : "A draft needs the student's answer, which is not loaded.",
              isPending: drafting.isPending,
              request: (options) =>
                drafting.mutateAsync({ submissionId: submission.id, questionId: question.id, options }),
            }
          : null
      }
      save={{
        isPending: saving.isPending,
        send: async (grade) => {
          const score = parseQuestionScore(String(grade.grade ?? ''), max);
          const saved = await saving.mutateAsync({
            submissionId: submission.id,
            questions: [{ questionId: question.id, score, comment: grade.comment }],
          });
          const total =
            saved.submission.score === null
              ? ''
              : ` (quiz total ${formatScore(saved.submission.score)}${saved.submission.points_possible !== null ? ` / ${formatScore(saved.submission.points_possible)}` : ''})`;
          return { stored: `${formatScore(score)} / ${formatScore(max)} on ${label}${total}`, canUndo: saved.canUndo };
        },
        note: "Saves this question's score to the quiz in Canvas. A student's quiz uses one submission credit per billing period.",
        aboveMaximum: 'cap',
        undo: async () => {
          const { stored } = await undoing.mutateAsync({ submissionId: submission.id, questionId: question.id });
          return stored === 'no score yet' ? `no score on ${label}` : `${stored} / ${formatScore(max)} on ${label}`;
        },
        // The student's attempt in Canvas, where the teacher sees each question's score and comment.
        canvasUrl: quizSubmissionUrl(quiz.html_url, submission.id),
      }}
    />
  );
}
