import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpThroughApi, uniqueEmail } from './support';

// One institution holds the demo Canvas's LTI key for the whole run: the tests share it, in order.
test.describe.configure({ mode: 'serial' });

const LTI_CLIENT_ID = '10000000000042';
const LTI_DEPLOYMENT_ID = '42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb';
const COURSE = 'English 10: Literature & Composition';

let institutionReady = false;

/** An admin creates the institution from the operator's invitation and enters the Canvas address and LTI key. */
async function setUpInstitution(request: APIRequestContext, canvasUrl: string) {
  if (institutionReady) return;
  const admin = await signUpThroughApi(request, 'Siobhán O’Connell', uniqueEmail('it.office', 'northridge.test'));
  const output = execFileSync(
    'npx',
    ['tsx', 'scripts/institution-invite.ts', '--name', 'Northridge High School', '--email', admin.email],
    { env: { ...process.env, APP_SECRET: 'e2e-secret-that-is-long-enough-to-derive-keys' }, encoding: 'utf8' },
  );
  const code = /^\s+(\S+\.\S+\.\S+)$/m.exec(output)![1]!;
  const signIn = await request.post('/api/auth/sign-in', { data: { email: admin.email, password: admin.password } });
  const headers = { authorization: `Bearer ${(await signIn.json()).session.access_token}` };
  expect((await request.post('/api/institutions', { headers, data: { code } })).status()).toBe(201);
  const settings = await request.put('/api/institutions/current/settings', {
    headers,
    data: { canvasUrl, canvasClientId: null, allowPersonalTokens: true },
  });
  expect(settings.status()).toBe(200);
  const lti = await request.put('/api/institutions/current/lti', {
    headers,
    data: { ltiClientId: LTI_CLIENT_ID, ltiDeploymentId: LTI_DEPLOYMENT_ID },
  });
  expect(lti.status()).toBe(200);
  institutionReady = true;
}

/** In the demo Canvas: the course, Margin in its navigation, and a launch as the teacher or a student. */
async function launchFromCanvas(page: Page, canvasUrl: string, as: 'the teacher' | 'a student') {
  await page.goto(`${canvasUrl}/courses/4201`);
  await page.getByRole('link', { name: 'Margin' }).click();
  await page.getByRole('button', { name: new RegExp(`^Open Margin as ${as}`) }).click();
}

test('an instructor launching from Canvas signs in once, then Margin opens her course signed in', async ({
  page,
  browser,
  request,
  demoCanvas,
  teacher,
}) => {
  await setUpInstitution(request, demoCanvas.url);
  // She has a Margin account already, connected to Canvas.
  const connected = await request.put('/api/canvas/connection', {
    headers: { authorization: `Bearer ${teacher.accessToken}` },
    data: { canvasUrl: demoCanvas.url, canvasToken: demoCanvas.token },
  });
  expect(connected.status()).toBe(200);

  await launchFromCanvas(page, demoCanvas.url, 'the teacher');
  await expect(page).toHaveURL(/\/lti\/link$/);
  await expect(page.getByText('Canvas says you are')).toContainText('Dana Whitfield');
  await page.screenshot({ path: 'test-results/lti-first-launch.png', fullPage: true });
  await page.getByRole('button', { name: 'Sign in or create your account' }).click();
  await page.getByLabel('Email').fill(teacher.email);
  await page.getByLabel('Password').fill(teacher.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/lti\/link$/);
  await page.getByRole('button', { name: 'Link and open the course' }).click();
  await expect(page).toHaveURL(/\/courses\/4201$/);
  await expect(page.getByText(COURSE).first()).toBeVisible();

  // Another day, another browser: the launch alone signs her in and opens the course.
  const context = await browser.newContext();
  const later = await context.newPage();
  await launchFromCanvas(later, demoCanvas.url, 'the teacher');
  await expect(later).toHaveURL(/\/courses\/4201$/);
  await expect(later.getByText(COURSE).first()).toBeVisible();
  await later.screenshot({ path: 'test-results/lti-linked-launch.png', fullPage: true });
  await context.close();
});

test('a student launching from Canvas gets a polite page that Margin is for teachers', async ({
  page,
  request,
  demoCanvas,
}) => {
  await setUpInstitution(request, demoCanvas.url);
  await launchFromCanvas(page, demoCanvas.url, 'a student');
  await expect(page.getByRole('heading', { name: 'Margin is for teachers' })).toBeVisible();
  await expect(page.getByText('there is nothing here for students to do')).toBeVisible();
  await page.screenshot({ path: 'test-results/lti-student.png', fullPage: true });
  // No session was started for her.
  const session = await page.evaluate(async () => (await fetch('/api/auth/refresh', { method: 'POST' })).json());
  expect(session.session).toBeNull();
});

test('launches with a bad id_token are each refused with their own page, and no session', async ({
  page,
  request,
  demoCanvas,
}) => {
  test.setTimeout(120_000);
  await setUpInstitution(request, demoCanvas.url);
  const noSession = async () => {
    const session = await page.evaluate(async () => (await fetch('/api/auth/refresh', { method: 'POST' })).json());
    expect(session.session).toBeNull();
  };

  // The demo Canvas's course page offers the launches a real Canvas would never send.
  const broken: Array<[button: string, heading: string, shot: string]> = [
    ['signed with a key this Canvas does not publish', 'This launch is not signed by your Canvas', 'wrong-key'],
    ['meant for another tool', 'This launch was meant for another tool', 'wrong-audience'],
    ['that expired an hour ago', 'This launch has expired', 'expired'],
    ['from a deployment Margin does not know', 'This Canvas installation of Margin is not known', 'unknown-deployment'],
  ];
  for (const [button, heading, shot] of broken) {
    await page.goto(`${demoCanvas.url}/courses/4201`);
    await page.getByRole('link', { name: 'Margin' }).click();
    await page.getByRole('button', { name: new RegExp(`^Open Margin with an id_token ${button}`) }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.screenshot({ path: `test-results/lti-refused-${shot}.png`, fullPage: true });
    await noSession();
  }

  // A replayed id_token: the form Canvas posted once, posted again.
  let posted: URLSearchParams | null = null;
  await page.route('**/api/lti/launch', async (route) => {
    posted ??= new URLSearchParams(route.request().postData() ?? '');
    await route.continue();
  });
  await launchFromCanvas(page, demoCanvas.url, 'the teacher');
  await expect(page).toHaveURL(/\/(lti\/link|courses\/4201)$/);
  await page.unroute('**/api/lti/launch');
  const used = posted as URLSearchParams | null;
  expect(used?.get('id_token')).toBeTruthy();
  // In a browser where no launch started (the state cookie went with the first launch).
  await page.evaluate(
    ({ idToken, state }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/api/lti/launch';
      for (const [name, value] of Object.entries({ id_token: idToken, state })) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { idToken: used!.get('id_token')!, state: used!.get('state')! },
  );
  await expect(page.getByRole('heading', { name: 'This launch did not start in this browser' })).toBeVisible();
  // Inside a fresh launch of this browser: its state is good, the id_token's nonce was used already.
  await page.context().clearCookies();
  await page.route('**/api/lti/launch', async (route) => {
    const fresh = new URLSearchParams(route.request().postData() ?? '');
    fresh.set('id_token', used!.get('id_token')!);
    await route.continue({ postData: fresh.toString() });
  });
  await launchFromCanvas(page, demoCanvas.url, 'the teacher');
  await expect(page.getByRole('heading', { name: 'This launch was already used' })).toBeVisible();
  await page.screenshot({ path: 'test-results/lti-refused-replayed-nonce.png', fullPage: true });
  await noSession();
});
