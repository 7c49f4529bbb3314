import type { Session, SessionUser } from '@/shared/schemas/auth';

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export type AuthState = { session: Session | null; user: SessionUser | null; loading: boolean };

type Listener = () => void;
type EventListener = (event: AuthEvent, session: Session | null) => void;

/** Seconds between refresh checks, and how many ticks before expiry a refresh happens (spec §9). */
export const REFRESH_TICK_SECONDS = 30;
export const REFRESH_WHEN_TICKS_LEFT = 3;

/**
 * The one holder of the browser's session, readable outside React (the API client needs the token).
 * The access token lives only in memory; the refresh token is an httpOnly cookie this code never
 * sees. A reload restores the session by one refresh call.
 */
function createSessionStore() {
  let state: AuthState = { session: null, user: null, loading: true };
  const listeners = new Set<Listener>();
  const eventListeners = new Set<EventListener>();
  let refreshing: Promise<boolean> | null = null;

  function set(next: Partial<AuthState>, event?: AuthEvent) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
    if (event) for (const listener of eventListeners) listener(event, state.session);
  }

  async function requestRefresh(): Promise<Session | null> {
    const call = async () => {
      const response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
      if (!response.ok) return null;
      return ((await response.json()) as { session: Session | null }).session;
    };
    // Tabs share the refresh cookie: the lock stops two tabs from presenting the same token at once,
    // which the server would rightly treat as theft.
    if (typeof navigator !== 'undefined' && navigator.locks) {
      return navigator.locks.request('margin-session-refresh', call);
    }
    return call();
  }

  return {
    getSnapshot: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAuthEvent(listener: EventListener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    async initialise() {
      let session: Session | null = null;
      try {
        session = await requestRefresh();
      } catch (error) {
        console.warn('Could not restore the session', error);
      }
      set({ session, user: session?.user ?? null, loading: false }, 'INITIAL_SESSION');
    },
    setSignedIn(session: Session) {
      set({ session, user: session.user, loading: false }, 'SIGNED_IN');
    },
    setSignedOut() {
      set({ session: null, user: null, loading: false }, 'SIGNED_OUT');
    },
    updateUser(user: SessionUser) {
      if (!state.session) return;
      set({ session: { ...state.session, user }, user }, 'USER_UPDATED');
    },
    /** Refreshes once even when many callers ask at the same time. False means signed out. */
    refresh(): Promise<boolean> {
      refreshing ??= requestRefresh()
        .then((session) => {
          if (session) set({ session, user: session.user }, 'TOKEN_REFRESHED');
          else set({ session: null, user: null }, 'SIGNED_OUT');
          return Boolean(session);
        })
        .catch((error: unknown) => {
          console.warn('Session refresh failed', error);
          return Boolean(state.session);
        })
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    },
    /** Called every tick: refreshes when the token has three ticks or fewer left. */
    shouldRefresh(nowSeconds = Date.now() / 1000): boolean {
      const expiresAt = state.session?.expires_at;
      if (!expiresAt) return false;
      return expiresAt - nowSeconds <= REFRESH_TICK_SECONDS * REFRESH_WHEN_TICKS_LEFT;
    },
  };
}

export const sessionStore = createSessionStore();
export type SessionStore = typeof sessionStore;
