/** Said when a grade form opens with edits the teacher left unsaved for this student earlier. */
export function KeptEditsNote() {
  return (
    <p role="status" className="rounded-lg bg-sky-50 p-2 text-sm text-sky-900" data-testid="kept-edits">
      Your unsaved edits for this student were kept.
    </p>
  );
}
