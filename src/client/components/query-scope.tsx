import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/client/lib/query-client';

/** Provides the shared query cache. Several scopes may exist at once; they share one client. */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A layout route for every screen that reads data through TanStack Query. */
export default function QueryLayout() {
  return (
    <QueryScope>
      <Outlet />
    </QueryScope>
  );
}
