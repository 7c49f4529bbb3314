/**
 * Save, or Save & Next (decision 022). When the form keeps the teacher's unsaved edits per student,
 * Save & Next shows the next student as soon as the save is sent, and the save goes on (it is never
 * cancelled): its outcome is told afterwards, naming the student, and a failure leads back to them
 * (the save bar offers the way: see save-status.tsx), where the teacher's edits are still waiting.
 * A form that cannot keep them waits for Canvas first. Nothing is ever said to be saved before
 * Canvas answered.
 */
export async function saveAndMoveOn<Result>({
  andNext,
  keepsEdits,
  send,
  moveOn,
  onStored,
  onFailed,
}: {
  andNext: boolean;
  keepsEdits: boolean;
  /** Starts the save; its promise settles with Canvas's answer. */
  send: () => Promise<Result>;
  /** Shows the next student. */
  moveOn: () => void;
  /** Canvas stored it; `movedOn` when the screen shows another student by now. */
  onStored: (result: Result, movedOn: boolean) => void;
  /** The save failed; `movedOn` when the screen shows another student by now. */
  onFailed: (error: unknown, movedOn: boolean) => void;
}): Promise<void> {
  const movesAtOnce = andNext && keepsEdits;
  const sending = send();
  if (movesAtOnce) moveOn();
  let result: Result;
  try {
    result = await sending;
  } catch (error) {
    onFailed(error, movesAtOnce);
    return;
  }
  onStored(result, movesAtOnce);
  if (andNext && !movesAtOnce) moveOn();
}
