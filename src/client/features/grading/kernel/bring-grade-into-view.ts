/** Where a draft's result starts: the grade control, else (an ungraded item) the feedback. */
const GRADE_CONTROLS =
  'input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]), select, [role="radio"][aria-checked="true"], textarea';

/** True when the teacher is writing in a field outside `area`: what arrives then must not take her focus. */
export function isWritingElsewhere(area: HTMLElement): boolean {
  const active = area.ownerDocument.activeElement;
  if (!(active instanceof HTMLElement) || active === area.ownerDocument.body || area.contains(active)) return false;
  if (active instanceof HTMLInputElement) return !['radio', 'checkbox', 'button', 'submit'].includes(active.type);
  return active.isContentEditable || ['TEXTAREA', 'SELECT'].includes(active.tagName);
}

/**
 * In the upper part of the window, below the page header: a grade there is seen as it is, and
 * scrolling would only move the page under the teacher. Lower down, the form's sticky save bar may
 * cover it. (A grade scrolled out of its panel lies outside the panel's box, so outside this band.)
 */
function isComfortablyInView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= 96 && box.bottom <= window.innerHeight * 0.6;
}

/**
 * After a draft lands, the teacher's eyes and keyboard go to what it changed: the grade is scrolled
 * into view (unless it is well in view already) and focused, its text selected so a number typed
 * replaces it (Esc leaves the field for the single-key shortcuts). Not while she is writing
 * somewhere else. Gives whether it moved.
 */
export function bringGradeIntoView(area: HTMLElement): boolean {
  if (isWritingElsewhere(area)) return false;
  const target = area.querySelector<HTMLElement>(GRADE_CONTROLS);
  if (!target) return false;
  if (!isComfortablyInView(target)) {
    const prefersLessMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    target.scrollIntoView?.({ block: 'center', behavior: prefersLessMotion ? 'auto' : 'smooth' });
  }
  target.focus({ preventScroll: true });
  if (target instanceof HTMLInputElement && !target.readOnly) target.select();
  return true;
}
