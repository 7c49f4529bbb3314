/** A way back to the student whose save failed after the screen moved on. */
export type ReturnAction = { label: string; onClick: () => void };

/**
 * Save, or Save & Next (decision 022). When the form keeps the teacher's unsaved edits per student,
 * Save & Next shows the next student as soon as the save is sent, and the save goes on (it is never
 * cancelled): its outcome is told afterwards, naming the student, and a failure offers the way
 * back, where the teacher's edits are still waiting. A form that cannot keep them waits for Canvas
 * first, as before. Nothing is ever said to be saved before Canvas answered.
 */
export async function saveAndMoveOn<Result>({
  andNext,
  keepsEdits,
  studentName,
  send,
  moveOn,
  backTo,
  onStored,
  onFailed,
}: {
  andNext: boolean;
  keepsEdits: boolean;
  studentName: string;
  /** Starts the save; its promise settles with Canvas's answer. */
  send: () => Promise<Result>;
  /** Shows the next student. */
  moveOn: () => void;
  /** Shows this student again. */
  backTo: () => void;
  /** Canvas stored it; `movedOn` when the screen shows another student by now. */
  onStored: (result: Result, movedOn: boolean) => void;
  /** The save failed; `back` is set when the screen had moved on. */
  onFailed: (error: unknown, back: ReturnAction | null) => void;
}): Promise<void> {
  const movesAtOnce = andNext && keepsEdits;
  const sending = send();
  if (movesAtOnce) moveOn();
  let result: Result;
  try {
    result = await sending;
  } catch (error) {
    onFailed(error, movesAtOnce ? { label: `Back to ${studentName}`, onClick: backTo } : null);
    return;
  }
  onStored(result, movesAtOnce);
  if (andNext && !movesAtOnce) moveOn();
}

/**
 * The options of a failed save's toast: once the screen moved on (`back` is set), the description
 * names the student and the toast stays long enough to take the way back.
 */
export function failedSaveToastOptions(
  description: string | undefined,
  back: ReturnAction | null,
  studentName: string,
): { description: string | undefined; action?: ReturnAction; duration?: number } {
  if (!back) return { description };
  return { description: description ? `${studentName}: ${description}` : studentName, action: back, duration: 20_000 };
}
