import { lazy, StrictMode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from './lib/session';
import { prepareRoutes, routes } from './router';
import './styles.css';

// Toasts are only ever raised by screens that load later, so the toaster is not in the first download.
// It has a root of its own: it is never part of a prerendered page's HTML.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

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

function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  // Marks the page as live: a prerendered page's buttons do nothing until React has taken it over.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <StrictMode>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </StrictMode>
  );
}

async function start() {
  const container = document.getElementById('root')!;
  // The screen's code first, so the router starts ready and the first render is the screen itself.
  await prepareRoutes(new URL(window.location.href));
  if (container.hasChildNodes()) {
    // A public page prerendered at build time (scripts/prerender.ts): hydrate the HTML that is
    // already on screen instead of drawing it again.
    hydrateRoot(container, <App router={createBrowserRouter(routes)} />, {
      onRecoverableError(error) {
        console.error('The prerendered page did not match its first render', error);
      },
    });
  } else {
    // Signed-in screens and every other address: the server sent the empty shell.
    createRoot(container).render(<App router={createBrowserRouter(routes)} />);
  }
  const toaster = document.body.appendChild(document.createElement('div'));
  createRoot(toaster).render(
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>,
  );
}

void start();
