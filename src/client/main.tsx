import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { SessionProvider } from './lib/session';
import { router } from './router';
import './styles.css';

const queryClient = createQueryClient();
// Toasts are only ever raised by screens that load later, so the toaster is not in the first download.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster richColors closeButton position="top-right" />
        </Suspense>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
