import { useEffect, useState, type RefObject } from 'react';
import type { GradingOptions, RubricCriterion } from '@/shared/schemas/ai';
import type { DraftResponse, DriftNote, SaveGradeRequest } from '@/shared/schemas/grading';
import { toGradingOptions } from './ai-options';
import { bringGradeIntoView } from './bring-grade-into-view';
import {
  describeDraftFailure,
  describeDraftFor,
  describeDraftSuccess,
  describeSaved,
  describeSaveFailure,
  describeDrift,
  describeSaving,
  SAVED_TITLE,
} from './grading-messages';
import type { LockReason } from './save-bar';
import { saveAndMoveOn } from './save-and-move-on';
import { useGradingActions } from './use-grading-shortcuts';
import type { GradingSession } from './use-grading-session';
import type { useGradeForm } from './use-grade-form';

/** A variant's drafting: what its drafts are built from, and how to ask for one. */
export type DraftVariant = {
  /** Named in the success status (spec part 2 §8): 'assignment description', 'discussion prompt', 'the question'. */
  basis: string;
  /** Said under the rubric switch while it is off ('Uses the discussion prompt.'). */
  basisLabel?: string;
  /** Why this student cannot be drafted (nothing posted, no answer), if so. */
  cannotDraftReason: string | null;
  isPending: boolean;
  request: (options: GradingOptions) => Promise<DraftResponse>;
};

/**
 * The grade as the save endpoints take it (points on the 0.5 step, never capped, or the complete /
 * incomplete choice), with the comment, the rubric and the extra-credit confirmation.
 */
export type GradeToSave = Pick<
  SaveGradeRequest,
  'grade' | 'completion' | 'comment' | 'rubricAssessment' | 'allowAboveMaximum'
>;

/** A variant's save. */
export type SaveVariant = {
  isPending: boolean;
  /**
   * Sends the grade; settles with what Canvas stored, in the words the status shows ("77 / 100"),
   * and, on the assignment screen, the drift note when the grade is far from her earlier ones;
   * `canUndo: false` when the server kept nothing for Undo (Undo is then not offered).
   */
  send: (
    grade: GradeToSave,
  ) => Promise<string | { stored: string; drift?: DriftNote | null | undefined; canUndo?: boolean | undefined }>;
  /** What a save does and costs, under the buttons. */
  note: string;
  /** Above the maximum: asked about as extra credit, or stored as the maximum (a quiz question's score). */
  aboveMaximum: 'ask' | 'cap';
  /** Puts back what Canvas held before the last save; settles with what Canvas holds now ("7.5 / 10"). */
  undo?: () => Promise<string>;
  /** The student's submission in Canvas, offered after a save. */
  canvasUrl?: string;
};

type Form = ReturnType<typeof useGradeForm>;

/**
 * What a grade form does, the same on the three screens: draft (then take the teacher to the
 * grade), save or save and move on (asking first above the maximum), quick fill, the keyboard's
 * actions, and every result told in the save bar through the session (decision 032).
 */
export function useGradeFormActions({
  session,
  student,
  subject,
  form,
  rubric,
  lock,
  draft,
  save,
  gradeAreaRef,
  isGraded,
}: {
  session: GradingSession;
  student: { id: number; name: string };
  subject: string;
  form: Form;
  rubric: RubricCriterion[] | null;
  lock: LockReason | null;
  draft: DraftVariant | null;
  save: SaveVariant;
  /** The grade and feedback: where a draft takes the teacher. */
  gradeAreaRef: RefObject<HTMLElement | null>;
  /** Canvas holds a grade for this student (or question): saving over it is asked about first. */
  isGraded: boolean;
}) {
  const [extraCreditFor, setExtraCreditFor] = useState<{ andNext: boolean } | null>(null);
  // Saving over a grade Canvas holds is asked about first ("Replace 9/10?", decision 050).
  const [replaceFor, setReplaceFor] = useState<{ andNext: boolean } | null>(null);
  // Counts drafts applied: the grade is brought into view once the form shows the new values.
  const [draftsApplied, setDraftsApplied] = useState(0);
  useEffect(() => {
    if (draftsApplied > 0 && gradeAreaRef.current) bringGradeIntoView(gradeAreaRef.current);
  }, [draftsApplied, gradeAreaRef]);

  const isDrafting = draft?.isPending ?? false;
  const canDraft = !lock && draft !== null && !draft.cannotDraftReason && !isDrafting;
  // Nothing is saved while a draft is being written: the grade and text are about to change.
  const canSave = !lock && form.hasGrade && !save.isPending && !isDrafting;
  const about = { subject, studentId: student.id, studentName: student.name };

  async function requestDraft() {
    if (!canDraft || !draft) return;
    const options = toGradingOptions(session.aiOptions, Boolean(rubric));
    let response: DraftResponse;
    try {
      response = await draft.request(options);
    } catch (error) {
      console.warn('Drafting failed', error);
      session.report({
        ...about,
        tone: 'error',
        title: describeDraftFailure(error),
        description: `For ${student.name}.`,
      });
      return;
    }
    form.receiveDraft(response.draft);
    setDraftsApplied((count) => count + 1);
    const hasUnreadFiles = response.files.failed.length > 0;
    session.report({
      ...about,
      tone: hasUnreadFiles ? 'warning' : 'success',
      title: describeDraftSuccess(options.mode, response.draft, draft.basis),
      description: describeDraftFor(student.name, hasUnreadFiles),
    });
  }

  async function saveGrade(andNext: boolean, { isReplaceConfirmed = false, isExtraCreditConfirmed = false } = {}) {
    if (lock) {
      const refusal = lock.refusal ?? { title: lock.label, description: lock.reason };
      session.report({ ...about, tone: 'error', ...refusal });
      return;
    }
    if (!canSave) return;
    if (form.savedLabel !== null && isGraded && !isReplaceConfirmed) {
      setReplaceFor({ andNext });
      return;
    }
    if (form.isAboveMaximum && save.aboveMaximum === 'ask' && !isExtraCreditConfirmed) {
      setExtraCreditFor({ andNext });
      return;
    }
    const grade: GradeToSave = {
      ...form.gradeToSave,
      comment: form.comment,
      rubricAssessment: form.rubricAssessment,
      allowAboveMaximum: isExtraCreditConfirmed,
    };
    session.report({
      ...about,
      tone: 'pending',
      title: 'Saving to Canvas…',
      description: describeSaving(student.name),
    });
    await saveAndMoveOn({
      andNext,
      send: () => save.send(grade),
      moveOn: session.showNext,
      onStored: (answer) => {
        const { stored, drift, canUndo } =
          typeof answer === 'string' ? { stored: answer, drift: null, canUndo: true } : answer;
        form.markSaved();
        session.report({
          ...about,
          tone: 'success',
          title: SAVED_TITLE,
          description: describeSaved(student.name, stored),
          ...(drift ? { driftNote: describeDrift(drift) } : {}),
          undo: save.undo && canUndo !== false ? () => void undoSave(save.undo!) : undefined,
          canvasUrl: save.canvasUrl,
        });
      },
      onFailed: (error) => {
        console.warn('Saving the grade failed', error);
        session.report({ ...about, tone: 'error', isUnsavedWork: true, ...describeSaveFailure(error, student.name) });
      },
    });
  }

  /** Undo of the last save (decision 051), told in the save bar like the save was. */
  async function undoSave(undo: () => Promise<string>) {
    session.report({ ...about, tone: 'pending', title: 'Undoing in Canvas…', description: student.name });
    try {
      const holds = await undo();
      session.report({
        ...about,
        tone: 'success',
        title: 'Save undone',
        description: `${student.name}: Canvas holds ${holds} again, with the comment as it was.`,
      });
    } catch (error) {
      console.warn('Undoing the save failed', error);
      session.report({
        ...about,
        tone: 'error',
        title: 'Undo failed',
        description: `${student.name}: ${error instanceof Error ? error.message : 'Canvas did not answer.'}`,
      });
    }
  }

  function quickFill(percent: number) {
    if (!lock) form.quickFill(percent);
  }

  useGradingActions(session.actionsRef, {
    quickFill,
    draft: () => void requestDraft(),
    save: (andNext) => void saveGrade(andNext),
  });

  const replace = {
    /** What Canvas holds, while the question is open. */
    saved: replaceFor ? form.savedLabel : null,
    cancel: () => setReplaceFor(null),
    confirm: () => {
      const andNext = replaceFor?.andNext ?? false;
      setReplaceFor(null);
      void saveGrade(andNext, { isReplaceConfirmed: true });
    },
  };

  return {
    canDraft,
    canSave,
    isDrafting,
    requestDraft: () => void requestDraft(),
    save: (andNext: boolean) => void saveGrade(andNext),
    quickFill,
    extraCredit: {
      score: extraCreditFor ? form.score : null,
      cancel: () => setExtraCreditFor(null),
      confirm: () => {
        const andNext = extraCreditFor?.andNext ?? false;
        setExtraCreditFor(null);
        void saveGrade(andNext, { isReplaceConfirmed: true, isExtraCreditConfirmed: true });
      },
    },
    replace,
  };
}
