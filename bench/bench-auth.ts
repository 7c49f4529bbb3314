import { measureLoad, printTable } from './load';

/** Sign-ins each account makes in the bench: the sign-in limit allows 5 in 15 minutes (decision 012). */
const SIGN_INS_PER_ACCOUNT = 5;
const SIGN_IN_TOTAL = 300;
const json = { 'content-type': 'application/json' };
const password = 'benchmark-password';

async function signUp(baseUrl: string, email: string) {
  await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, fullName: 'Bench Teacher' }),
  });
}

const signIn = (baseUrl: string, email: string) =>
  fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });

/**
 * Sign-in and session-check throughput on loopback at a fixed concurrency. Sign-in is limited per
 * e-mail, so the sign-ins are spread over enough teachers to stay within it, as a school's morning
 * rush would be.
 */
export async function benchAuth(baseUrl: string) {
  const stamp = Date.now();
  const emails = Array.from(
    { length: SIGN_IN_TOTAL / SIGN_INS_PER_ACCOUNT },
    (_, index) => `bench-${stamp}-${index}@school.test`,
  );
  const sessionEmail = `bench-${stamp}-session@school.test`;
  for (const email of [...emails, sessionEmail]) await signUp(baseUrl, email);
  const { session } = (await (await signIn(baseUrl, sessionEmail)).json()) as { session: { access_token: string } };

  const concurrency = 16;
  let next = 0;
  const signIns = await measureLoad({
    total: SIGN_IN_TOTAL,
    concurrency,
    request: () => signIn(baseUrl, emails[Math.floor(next++ / SIGN_INS_PER_ACCOUNT) % emails.length]!),
  });
  const sessionChecks = await measureLoad({
    total: 5000,
    concurrency,
    request: () =>
      fetch(`${baseUrl}/api/auth/session`, { headers: { authorization: `Bearer ${session.access_token}` } }),
  });
  printTable(`Accounts (loopback, concurrency ${concurrency})`, [
    [
      'sign-in',
      `${signIns.requestsPerSecond.toFixed(0)} req/s, p50 ${signIns.p50Ms.toFixed(1)} ms, p99 ${signIns.p99Ms.toFixed(1)} ms, ${signIns.failures} failed`,
    ],
    [
      'session check',
      `${sessionChecks.requestsPerSecond.toFixed(0)} req/s, p50 ${sessionChecks.p50Ms.toFixed(1)} ms, p99 ${sessionChecks.p99Ms.toFixed(1)} ms, ${sessionChecks.failures} failed`,
    ],
  ]);
}
