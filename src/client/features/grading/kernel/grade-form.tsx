import { useRef, type ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { AiOptionsFields } from './ai-options';
import type { BankScope } from './api/comment-bank-api';
import { CommentBank } from './comment-bank';
import { AiGradeReview, DraftDetails } from './draft-review';
import { DraftOffer } from './draft-offer';
import { DraftTrustLine } from './draft-trust-line';
import { ExtraCreditDialog } from './extra-credit-dialog';
import { FeedbackField } from './feedback-field';
import { GradeControlField, QuickFillButtons } from './grade-input';
import { KeptEditsNote } from './kept-edits-note';
import { LateNotice, type Lateness } from './late-notice';
import { ReplaceGradeDialog } from './replace-grade-dialog';
import { RubricEditor } from './rubric-editor';
import { SaveBar, type LockReason } from './save-bar';
import { SaveStatus } from './save-status';
import { useGradeForm } from './use-grade-form';
import { useGradeFormActions, type DraftVariant, type SaveVariant } from './use-grade-form-actions';
import type { GradingSession } from './use-grading-session';

/** What a variant knows about the grade: its points, grading type, rubric, what Canvas holds and the waiting draft. */
export type GradeFields = Omit<Parameters<typeof useGradeForm>[0], 'memory' | 'memoryKey'>;

/**
 * The grade form of the three grading screens (assignment, discussion, quiz question), keyed by
 * what it grades. The same order everywhere: the AI options and Draft at the top, then the grade,
 * the feedback and the rubric, then what the draft found, its teacher-only review closed, and the
 * save bar, which keeps Save & Next, the last result and room for a hint in reach at the foot. A
 * variant brings its fields, its draft and save requests, and the reason it is locked, if it is.
 */
export function GradeForm({
  session,
  student,
  subject,
  fields,
  header,
  gradeHint,
  feedback,
  lock,
  draft,
  save,
  hint,
  commentBank,
  rubricSettings,
  lateness,
  className,
}: {
  session: GradingSession;
  student: { id: number; name: string };
  /** What the form grades, as its kept edits and its results are filed: the student, or `submission:question`. */
  subject: string;
  fields: GradeFields;
  /** Above the form: 'Grade & Feedback' unless given (the quiz names its question). */
  header?: ReactNode;
  gradeHint?: string;
  feedback?: { label?: string; placeholder?: string; rows?: number };
  lock: LockReason | null;
  /** Null where nothing can be drafted (a question Canvas scores itself). */
  draft: DraftVariant | null;
  save: SaveVariant;
  /** Beside Save: what the teacher should know before she saves (kept free for later hints). */
  hint?: ReactNode;
  /** Where her kept comments come from (decision 061): the assignment screen offers them. */
  commentBank?: BankScope;
  /** How the rubric shows in Canvas (points hidden from students, free-form comments). */
  rubricSettings?: { hide_points: boolean; free_form_criterion_comments: boolean } | null;
  /** Late work: how late, and what Canvas's late policy will take off the grade typed. */
  lateness?: Lateness;
  className?: string;
}) {
  const form = useGradeForm({ ...fields, memoryKey: subject, memory: session.memory });
  const { rubric } = fields;
  const gradeAreaRef = useRef<HTMLDivElement>(null);
  const actions = useGradeFormActions({
    session,
    student,
    subject,
    form,
    rubric,
    lock,
    draft,
    save,
    gradeAreaRef,
    isGraded: Boolean(fields.isGraded),
  });
  const isLocked = lock !== null;
  const hasQuickFill = form.control === 'points' || form.control === 'percent';

  return (
    <Card className={cn('flex flex-col', className)} data-testid="grade-panel">
      <CardHeader className="pb-2">{header ?? <CardTitle>Grade &amp; Feedback</CardTitle>}</CardHeader>
      <CardContent className="flex flex-col gap-5">
        {form.hasKeptEdits ? <KeptEditsNote /> : null}

        {draft ? (
          <AiOptionsFields
            options={session.aiOptions}
            onChange={session.setAiOptions}
            hasRubric={Boolean(rubric)}
            basisLabel={draft.basisLabel}
            onDraft={actions.requestDraft}
            canDraft={actions.canDraft}
            isDrafting={actions.isDrafting}
            engineName={session.engineName}
            cannotDraftReason={isLocked ? null : draft.cannotDraftReason}
          />
        ) : null}

        <div ref={gradeAreaRef} className="flex flex-col gap-5" data-testid="grade-area">
          {form.offeredDraft ? (
            <DraftOffer
              saved={form.savedLabel}
              grade={form.offeredGrade ?? ''}
              feedback={form.offeredDraft.feedback}
              onAccept={form.acceptOfferedDraft}
              onDismiss={form.dismissOfferedDraft}
            />
          ) : null}
          <div className="flex flex-col gap-2">
            <GradeControlField
              control={form.control}
              points={fields.points}
              value={form.effectiveGrade}
              onChange={form.setGrade}
              score={form.score}
              isAboveMaximum={form.isAboveMaximum}
              isCappedAtMaximum={save.aboveMaximum === 'cap'}
              isDisabled={isLocked}
              isReadOnly={form.isGradeComputed}
              hint={gradeHint}
            />
            {hasQuickFill ? (
              <QuickFillButtons onFill={actions.quickFill} isDisabled={isLocked || form.isGradeComputed} />
            ) : null}
            {lateness && !isLocked ? <LateNotice lateness={lateness} score={form.score} /> : null}
          </div>
          {form.draft ? <DraftTrustLine basis={form.draft.basis} /> : null}
          <FeedbackField
            label={feedback?.label}
            placeholder={feedback?.placeholder}
            value={form.comment}
            onChange={form.setComment}
            rows={feedback?.rows ?? 7}
            isDisabled={isLocked}
            testId="feedback-input"
          />
          {commentBank ? (
            <CommentBank
              scope={commentBank}
              firstName={student.name.split(/\s+/)[0] ?? ''}
              isDisabled={isLocked}
              onInsert={(text) => form.setComment(form.comment.trim() ? `${form.comment.trimEnd()}\n\n${text}` : text)}
            />
          ) : null}
        </div>

        {rubric ? (
          <RubricEditor
            isOpenByDefault={fields.isGradeFromRubric || Boolean(form.draft?.rubricAssessment) || form.isRubricFilled}
            rubric={rubric}
            values={form.rubricValues}
            onChange={form.setRubricValues}
            draft={form.draft}
            isDisabled={isLocked}
            settings={rubricSettings}
          />
        ) : null}

        {rubric && fields.isGradeFromRubric && !form.isRubricFilled && form.hasGrade && !isLocked ? (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="blank-rubric-warning"
          >
            This assignment's grade comes from its rubric in Canvas, and the rubric is blank. Saving now stores the
            grade you typed with no criterion rated. Rate the criteria above to save them too.
          </p>
        ) : null}

        {form.draft ? (
          <>
            <DraftDetails draft={form.draft} />
            <AiGradeReview review={form.draft.gradeReview} />
          </>
        ) : null}

        <SaveBar
          className="sticky bottom-0 z-10 -mx-5 -mb-5 rounded-b-xl border-t border-slate-200 bg-white/95 px-5 py-4 backdrop-blur"
          onSave={actions.save}
          canSave={actions.canSave}
          note={save.note}
          lock={lock}
          hint={hint}
          status={
            <SaveStatus
              board={session.board}
              shownStudentId={student.id}
              onShowStudent={session.showStudent}
              onDismiss={session.dismiss}
            />
          }
        />
        <ReplaceGradeDialog
          saved={actions.replace.saved}
          studentName={student.name}
          onCancel={actions.replace.cancel}
          onConfirm={actions.replace.confirm}
        />
        <ExtraCreditDialog
          score={actions.extraCredit.score}
          points={fields.points}
          onCancel={actions.extraCredit.cancel}
          onConfirm={actions.extraCredit.confirm}
        />
      </CardContent>
    </Card>
  );
}
