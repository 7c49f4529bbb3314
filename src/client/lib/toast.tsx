import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { toast, Toaster } from 'sonner';

/**
 * The one way screens raise a toast. Importing it also puts the toaster on the page, so the toaster
 * (sonner, about 9 KB) arrives with the first screen that can raise a toast, never with the home
 * page. A toast raised before the toaster is drawn still shows: sonner replays the active ones.
 */
export { toast };

/** Where the grading screens put the grading panel in a column of its own, on the right (Tailwind's lg). */
const WIDE_SCREEN = '(min-width: 1024px)';

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Toasts never cover the header's account buttons. On a wide screen they sit at the bottom left:
 * the top right is where the grading panel stands (grade, rubric ratings, Save), and a toast there
 * hid the ratings the teacher was reading. Narrower screens stack everything in one column and keep
 * them at the top right, below the sticky header (h-16).
 */
function AppToaster() {
  const isWide = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => false,
  );
  return isWide ? (
    <Toaster richColors closeButton position="bottom-left" offset={{ bottom: 16, left: 16 }} />
  ) : (
    <Toaster richColors closeButton position="top-right" offset={{ top: 76, right: 16 }} mobileOffset={{ top: 72 }} />
  );
}

/**
 * Draws the toaster once, in a root of its own beside the app's (never part of a prerendered page's
 * HTML). Only where the app runs: not while public pages are prerendered, nor in a component test.
 */
function mountToaster() {
  if (typeof document === 'undefined' || !document.getElementById('root')) return;
  if (document.querySelector('[data-app-toaster]')) return;
  const container = document.body.appendChild(document.createElement('div'));
  container.dataset.appToaster = '';
  createRoot(container).render(
    <StrictMode>
      <AppToaster />
    </StrictMode>,
  );
}

mountToaster();
