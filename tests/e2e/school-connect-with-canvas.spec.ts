import { execFileSync } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_CANVAS_CLIENT_ID, DEMO_CANVAS_CLIENT_SECRET } from '../../src/server/demo-canvas/seed/tokens';
import { expect, test } from './fixtures';
import { readable, readMailbox } from './mail-sink';
import { signInThroughApi, signUpThroughApi, uniqueEmail } from './support';

/**
 * Connect with Canvas with the developer key a school set up (decision 056): its teachers see whose
 * key it is and connect at the school's Canvas (the built-in demo Canvas here, with its key).
 */

const APP_SECRET = 'e2e-secret-that-is-long-enough-to-derive-keys';

/** The operator's invitation code (`npm run institution:invite`). */
function operatorCode(name: string, email: string) {
  const output = execFileSync('npx', ['tsx', 'scripts/institution-invite.ts', '--name', name, '--email', email], {
    env: { ...process.env, APP_SECRET },
    encoding: 'utf8',
  });
  return /^\s+(\S+\.\S+\.\S+)$/m.exec(output)![1]!;
}

async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const signIn = await request.post('/api/auth/sign-in', { data: { email: who.email, password: who.password } });
  expect(signIn.status()).toBe(200);
  return { authorization: `Bearer ${(await signIn.json()).session.access_token as string}` };
}

/** The token of the join link last mailed to `to`. */
async function joinTokenMailed(to: string) {
  const find = () =>
    readMailbox()
      .filter((mail) => mail.to.includes(to))
      .at(-1);
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true);
  return decodeURIComponent(/\/join\?token=([\w%-]+)/.exec(readable(find()!.raw))![1]!);
}

test('a school’s teacher is offered Connect with Canvas with her school’s key, and connects with it', async ({
  page,
  request,
  demoCanvas,
}) => {
  test.setTimeout(90_000);
  const name = `Harbor View School ${Date.now()}`;
  const admin = await signUpThroughApi(request, 'Noor Haddad', uniqueEmail('office', 'harborview.test'));
  const adminHeaders = await bearer(request, admin);
  const created = await request.post('/api/institutions', {
    headers: adminHeaders,
    data: { code: operatorCode(name, admin.email) },
  });
  expect(created.status()).toBe(201);
  const settings = await request.put('/api/institutions/current/settings', {
    headers: adminHeaders,
    data: {
      canvasUrl: demoCanvas.url,
      canvasClientId: DEMO_CANVAS_CLIENT_ID,
      canvasClientSecret: DEMO_CANVAS_CLIENT_SECRET,
      allowPersonalTokens: true,
    },
  });
  expect(settings.status()).toBe(200);

  const teacher = await signUpThroughApi(request, 'Tomás Reyes', uniqueEmail('t.reyes', 'harborview.test'));
  const invited = await request.post('/api/institutions/current/invitations', {
    headers: adminHeaders,
    data: { email: teacher.email },
  });
  expect(invited.status()).toBe(201);
  const joined = await request.post('/api/institutions/join', {
    headers: await bearer(request, teacher),
    data: { token: await joinTokenMailed(teacher.email) },
  });
  expect(joined.status()).toBe(200);

  await signInThroughApi(page, teacher, '/canvas-setup');
  const card = page.getByTestId('connect-with-canvas');
  await expect(card).toContainText(`Your school, ${name}, set up Connect with Canvas for ${demoCanvas.url}.`);
  // The page holds no secret of the key.
  expect(await page.content()).not.toContain(DEMO_CANVAS_CLIENT_SECRET);
  await page.screenshot({ path: 'test-results/school-connect-with-canvas.png', fullPage: true });

  await card.getByRole('button', { name: 'Connect with Canvas' }).click();
  await expect(page.getByRole('heading', { name: 'Margin is requesting access to your account' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('client_id')).toBe(DEMO_CANVAS_CLIENT_ID);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('canvas-connected-banner')).toContainText('Connected to Canvas');

  // The school turns personal tokens off: the page says so instead of offering the token form.
  const off = await request.put('/api/institutions/current/settings', {
    headers: adminHeaders,
    data: { canvasUrl: demoCanvas.url, canvasClientId: DEMO_CANVAS_CLIENT_ID, allowPersonalTokens: false },
  });
  expect(off.status()).toBe(200);
  await page.goto('/canvas-setup');
  await expect(page.getByTestId('personal-tokens-off')).toContainText(
    'Your school asks its teachers to connect with Connect with Canvas above',
  );
  await expect(page.getByTestId('connect-with-canvas')).toBeVisible();
  await expect(page.getByLabel('Canvas API Token')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/school-personal-tokens-off.png', fullPage: true });
});
