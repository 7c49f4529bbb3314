import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { SessionProvider } from './lib/session';
import { router } from './router';
import './styles.css';

// Toasts are only ever raised by screens that load later, so the toaster is not in the first download.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        {/* Below the sticky header (h-16), so a toast never covers the account buttons. */}
        <Toaster richColors closeButton position="top-right" offset={{ top: 76, right: 16 }} mobileOffset={{ top: 72 }} />
      </Suspense>
    </SessionProvider>
  </StrictMode>,
);
