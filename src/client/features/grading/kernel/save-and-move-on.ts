/**
 * Save, or Save & Next. Save & Next moves on only once Canvas has stored the grade: a save that
 * fails never moves on, so the teacher stays with the student and her edits (decision 050, which
 * amends decision 022; the next student's data is still read ahead, so moving on stays quick).
 * Nothing is ever said to be saved before Canvas answered.
 */
export async function saveAndMoveOn<Result>({
  andNext,
  send,
  moveOn,
  onStored,
  onFailed,
}: {
  andNext: boolean;
  /** Starts the save; its promise settles with Canvas's answer. */
  send: () => Promise<Result>;
  /** Shows the next student. */
  moveOn: () => void;
  /** Canvas stored it. */
  onStored: (result: Result) => void;
  /** The save failed: the screen stays on the student. */
  onFailed: (error: unknown) => void;
}): Promise<void> {
  let result: Result;
  try {
    result = await send();
  } catch (error) {
    onFailed(error);
    return;
  }
  onStored(result);
  if (andNext) moveOn();
}
