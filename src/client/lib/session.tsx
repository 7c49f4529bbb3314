import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { REFRESH_TICK_SECONDS, sessionStore, type AuthState } from './session-store';

export function useSession(): AuthState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}

/** Restores the session on load and keeps it fresh on a 30-second tick. */
export function SessionProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    void sessionStore.initialise();
    const tick = window.setInterval(() => {
      if (sessionStore.shouldRefresh()) void sessionStore.refresh();
    }, REFRESH_TICK_SECONDS * 1000);
    // Signing out forgets every cached answer, so the next teacher on this browser sees none of it.
    const unsubscribe = sessionStore.onAuthEvent((event) => {
      if (event === 'SIGNED_OUT') void import('./query-client').then((module) => module.queryClient.clear());
    });
    return () => {
      window.clearInterval(tick);
      unsubscribe();
    };
  }, []);

  return children;
}
