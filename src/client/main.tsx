import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from './lib/session';
import { prepareRoutes, routes } from './router';
import './styles.css';

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
}

void start();
