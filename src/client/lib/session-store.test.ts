import { describe, expect, it } from 'vitest';
import type { Session } from '@/shared/schemas/auth';
import { REFRESH_TICK_SECONDS, REFRESH_WHEN_TICKS_LEFT, sessionStore } from './session-store';

const sessionExpiringAt = (expiresAt: number): Session => ({
  access_token: 'token',
  refresh_token: null,
  token_type: 'bearer',
  expires_in: 900,
  expires_at: expiresAt,
  user: { id: 'u', email: 'a@b.co', identities: [], factors: [], user_metadata: { full_name: 'A' }, created_at: '' },
});

describe('the session refresh tick', () => {
  it('refreshes when three 30-second ticks or fewer remain', () => {
    expect(REFRESH_TICK_SECONDS).toBe(30);
    expect(REFRESH_WHEN_TICKS_LEFT).toBe(3);
    const now = 1_000_000;
    expect(sessionStore.shouldRefresh(now)).toBe(false);
    sessionStore.setSignedIn(sessionExpiringAt(now + 91));
    expect(sessionStore.shouldRefresh(now)).toBe(false);
    sessionStore.setSignedIn(sessionExpiringAt(now + 90));
    expect(sessionStore.shouldRefresh(now)).toBe(true);
    sessionStore.setSignedOut();
    expect(sessionStore.shouldRefresh(now)).toBe(false);
  });

  it('tells listeners about sign-in and sign-out', () => {
    const events: string[] = [];
    const unsubscribe = sessionStore.onAuthEvent((event) => events.push(event));
    sessionStore.setSignedIn(sessionExpiringAt(2_000_000));
    sessionStore.setSignedOut();
    unsubscribe();
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
  });
});
