import { measureLoad, printTable } from './load';

/** Sign-in and session-check throughput on loopback at a fixed concurrency. */
export async function benchAuth(baseUrl: string) {
  const email = `bench-${Date.now()}@school.test`;
  const password = 'benchmark-password';
  await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, fullName: 'Bench Teacher' }),
  });
  const signIn = () =>
    fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  const { session } = (await (await signIn()).json()) as { session: { access_token: string } };

  const concurrency = 16;
  const signIns = await measureLoad({ total: 300, concurrency, request: signIn });
  const sessionChecks = await measureLoad({
    total: 5000,
    concurrency,
    request: () => fetch(`${baseUrl}/api/auth/session`, { headers: { authorization: `Bearer ${session.access_token}` } }),
  });
  printTable(`Accounts (loopback, concurrency ${concurrency})`, [
    ['sign-in', `${signIns.requestsPerSecond.toFixed(0)} req/s, p50 ${signIns.p50Ms.toFixed(1)} ms, p99 ${signIns.p99Ms.toFixed(1)} ms, ${signIns.failures} failed`],
    ['session check', `${sessionChecks.requestsPerSecond.toFixed(0)} req/s, p50 ${sessionChecks.p50Ms.toFixed(1)} ms, p99 ${sessionChecks.p99Ms.toFixed(1)} ms, ${sessionChecks.failures} failed`],
  ]);
}
