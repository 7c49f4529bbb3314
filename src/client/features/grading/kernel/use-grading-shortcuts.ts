import { useEffect, useRef, type RefObject } from 'react';

/** What the open grading form offers the keyboard; each form registers its own with useGradingActions. */
export type GradingActions = {
  quickFill(percent: number): void;
  draft(): void;
  save(andNext: boolean): void;
};

type Handlers = {
  isEnabled: boolean;
  next(): void;
  previous(): void;
  help(): void;
  /** The open form's actions; empty while no form is shown. */
  actionsRef: RefObject<GradingActions | null>;
};

const QUICK_FILL_KEYS: Record<string, number> = { '1': 100, '2': 90, '3': 80, '4': 70 };

/** Inputs that take no typed text: letters typed while one has focus are still shortcuts. */
const NON_TEXT_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A control the arrow keys move within (a rubric's ratings, tabs): ← and → are its, not Previous and Next. */
function ownsArrowKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    (target instanceof HTMLInputElement && ['radio', 'range'].includes(target.type)) ||
    target.closest('[role="radiogroup"], [role="tablist"], [role="menu"], [role="listbox"]') !== null
  );
}

/**
 * The grading screen's keyboard paths. Single keys act only when no text field has focus (Esc leaves
 * one), and ← → only outside a control they move within (a rubric's ratings); Ctrl/⌘+Enter saves
 * and moves on from anywhere, including while writing feedback.
 */
export function useGradingShortcuts(handlers: Handlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const current = latest.current;
      if (!current.isEnabled || event.defaultPrevented) return;
      const actions = current.actionsRef.current;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        actions?.save(true);
        return;
      }
      if (event.key === 'Escape' && isTyping(event.target)) {
        (event.target as HTMLElement).blur();
        return;
      }
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key;
      const isArrow = key === 'ArrowRight' || key === 'ArrowLeft';
      if (isArrow && ownsArrowKeys(event.target)) return;
      if (key === 'j' || key === 'ArrowRight') current.next();
      else if (key === 'k' || key === 'ArrowLeft') current.previous();
      else if (key === 'd') actions?.draft();
      else if (key === '?') current.help();
      else if (key in QUICK_FILL_KEYS) actions?.quickFill(QUICK_FILL_KEYS[key]!);
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Hands the form's latest actions to the screen's shortcuts after every render. */
export function useGradingActions(actionsRef: RefObject<GradingActions | null>, actions: GradingActions) {
  useEffect(() => {
    actionsRef.current = actions;
  });
}
