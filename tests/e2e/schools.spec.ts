import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readable, readMailbox } from './mail-sink';
import { openPage, signInThroughApi, signUpThroughApi, uniqueEmail } from './support';

/**
 * Schools (issue 21) as an admin and a school's teachers meet them in the browser: the operator's
 * invitation code, a teacher invited by e-mail, sign-up from the school's domain, an admin's view
 * that holds no student data, and the LTI key form. Mail goes through the run's SMTP sink.
 */

const APP_SECRET = 'e2e-secret-that-is-long-enough-to-derive-keys';
const ESSAY = '/courses/4201/assignments/5002';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

type Credentials = { email: string; password: string; fullName: string };

/** What the operator runs: `npm run institution:invite`, as the README says; its code and its link. */
function operatorInvitation(name: string, email: string) {
  const output = execFileSync('npx', ['tsx', 'scripts/institution-invite.ts', '--name', name, '--email', email], {
    env: { ...process.env, APP_SECRET },
    encoding: 'utf8',
  });
  const code = /^\s+(\S+\.\S+\.\S+)$/m.exec(output)![1]!;
  const link = /^\s+(https?:\/\/\S+\/institution\?code=\S+)$/m.exec(output)![1]!;
  return { code, path: new URL(link).pathname + new URL(link).search };
}

async function bearer(request: APIRequestContext, who: Credentials) {
  const signIn = await request.post('/api/auth/sign-in', { data: { email: who.email, password: who.password } });
  expect(signIn.status()).toBe(200);
  return { authorization: `Bearer ${(await signIn.json()).session.access_token as string}` };
}

/** An admin with her institution created through the API (the browser's way has its own test). */
async function institutionThroughApi(request: APIRequestContext, name: string) {
  const admin = await signUpThroughApi(request, 'Siobhán O’Connell', uniqueEmail('it.office', 'district.test'));
  const headers = await bearer(request, admin);
  const created = await request.post('/api/institutions', {
    headers,
    data: { code: operatorInvitation(name, admin.email).code },
  });
  expect(created.status()).toBe(201);
  return { admin, headers };
}

/** The last mail to `to` whose subject is `subject`, as a reader sees it, and the join link in it. */
async function joinLinkMailed(to: string, subject: string) {
  const find = () =>
    readMailbox()
      .filter((mail) => mail.to.includes(to) && readable(mail.raw).includes(`Subject: ${subject}`))
      .at(-1);
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true);
  const text = readable(find()!.raw);
  const link = /https?:\/\/\S+?\/join\?token=[\w%-]+/.exec(text)![0];
  return new URL(link).pathname + new URL(link).search;
}

/** Whether the page scrolls sideways at its current width. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

test('the operator’s code creates the institution, the admin invites a teacher by e-mail, and the teacher joins from the link', async ({
  page,
  browser,
  request,
  demoCanvas,
}) => {
  test.setTimeout(120_000);
  const name = `Lakeside Middle School ${Date.now()}`;
  const admin = await signUpThroughApi(request, 'Marisol Ybarra', uniqueEmail('admin', 'lakeside.test'));
  const invitation = operatorInvitation(name, admin.email);

  // The admin opens the operator's link: the code is filled in, and one click creates the institution.
  await signInThroughApi(page, admin, invitation.path);
  await expect(page.getByRole('heading', { name: 'Create your institution' })).toBeVisible();
  await expect(page.getByLabel('Invitation code')).toHaveValue(invitation.code);
  await page.screenshot({ path: `${SHOTS}/institution-create.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create institution' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Institutional Plan · Unlimited submissions')).toBeVisible();

  // She invites a teacher by e-mail.
  const teacherEmail = uniqueEmail('r.okafor', 'lakeside.test');
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await page.getByLabel('Teacher’s e-mail').fill('not an address');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert').or(page.locator('[id$="-error"]')).first()).toBeVisible();
  await page.getByLabel('Teacher’s e-mail').fill(teacherEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${teacherEmail}.`)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText(teacherEmail)).toBeVisible();

  // The teacher, who has no account yet, follows the mailed link in her own browser.
  const joinPath = await joinLinkMailed(teacherEmail, `${name} invites you to Margin`);
  const context = await browser.newContext();
  const teacherPage = await context.newPage();
  await teacherPage.goto(joinPath);
  await expect(teacherPage).toHaveURL(/\/auth$/);
  await teacherPage.getByRole('button', { name: 'Sign up' }).click();
  await teacherPage.getByLabel('Full name').fill('Rosalind Okafor');
  await teacherPage.getByLabel('Email').fill(teacherEmail);
  await teacherPage.getByLabel('Password').fill('lesson-plans');
  await teacherPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(teacherPage.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await teacherPage.getByLabel('Password').fill('lesson-plans');
  await teacherPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(teacherPage.getByText(`You are now a teacher of ${name} on Margin.`)).toBeVisible({
    timeout: 20_000,
  });
  await teacherPage.goto('/settings');
  await expect(
    teacherPage.getByText('You are a teacher of this institution; your grading uses its plan.'),
  ).toBeVisible();
  // The link worked once.
  await teacherPage.goto(joinPath);
  await expect(teacherPage.getByRole('alert')).toBeVisible();

  // The admin sees her among the teachers, and no invitation waiting.
  await page.reload();
  await expect(page.getByRole('tabpanel').getByText('Rosalind Okafor')).toBeVisible();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByText('No invitation is waiting.')).toBeVisible();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('tabpanel').getByText('Teacher joined')).toBeVisible();

  // The admin turns the AI line on for every teacher: the teacher's own switch shows it on, and locked.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('switch', { name: /Add an AI line to comments/ }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const connected = await request.put('/api/canvas/connection', {
    headers: await bearer(request, { email: teacherEmail, password: 'lesson-plans', fullName: 'Rosalind Okafor' }),
    data: { canvasUrl: demoCanvas.url, canvasToken: demoCanvas.token },
  });
  expect(connected.status()).toBe(200);
  await teacherPage.goto('/settings');
  const aiSwitch = teacherPage.getByRole('switch', { name: /Say that AI helped/ });
  await expect(aiSwitch).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
  await expect(aiSwitch).toBeDisabled();
  await expect(teacherPage.getByText('Your institution ends each comment its teachers save with')).toBeVisible();
  await teacherPage.goto(`${ESSAY}/grade`);
  await expect(teacherPage.getByTestId('student-name')).toBeVisible({ timeout: 30_000 });
  await teacherPage.getByTestId('feedback-input').fill('Your claim is clear.');
  await expect(teacherPage.getByTestId('ai-line-preview')).toHaveText(
    'Added at the end when you save: Feedback drafted with AI and reviewed by your teacher.',
  );
  await context.close();
});

test('a teacher signing up at the school’s domain joins once she confirms her e-mail, and not before', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Riverside High School ${Date.now()}`;
  const domain = `riverside${Date.now()}.test`;
  const { admin, headers } = await institutionThroughApi(request, name);

  // The admin allows the school's domain on the Settings tab.
  await signInThroughApi(page, admin, '/institution');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Sign-up domain').fill(`@${domain.toUpperCase()}`);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Sign-up domain')).toHaveValue(domain);

  // A teacher creates her account with an address at that domain.
  const teacher = await signUpThroughApi(request, 'Tomás Ferreira', uniqueEmail('t.ferreira', domain));
  const teacherHeaders = await bearer(request, teacher);
  // Not before she confirms: she belongs to no institution, and the admin does not list her.
  expect((await request.get('/api/institutions/current', { headers: teacherHeaders })).status()).toBe(404);
  const before = await (await request.get('/api/institutions/current/members', { headers })).text();
  expect(before).not.toContain(teacher.email);
  const context = await browser.newContext();
  const teacherPage = await context.newPage();
  await signInThroughApi(teacherPage, teacher, '/settings');
  await expect(teacherPage.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(teacherPage.getByText('You are a teacher of this institution')).toHaveCount(0);

  // The confirmation link joins her.
  const confirmPath = await joinLinkMailed(teacher.email, `Confirm you teach at ${name}`);
  await teacherPage.goto(confirmPath);
  await expect(teacherPage.getByText(`You are now a teacher of ${name} on Margin.`)).toBeVisible({ timeout: 20_000 });
  const joined = await request.get('/api/institutions/current', { headers: teacherHeaders });
  expect(joined.status()).toBe(200);
  expect(await joined.json()).toMatchObject({ name, role: 'teacher' });
  await context.close();

  await page.reload();
  await expect(page.getByRole('tabpanel').getByText('Tomás Ferreira')).toBeVisible();

  // An address at another domain gets no confirmation and stays on her own.
  const outsider = await signUpThroughApi(request, 'Ana Lima', uniqueEmail('a.lima', 'elsewhere.test'));
  expect((await request.get('/api/institutions/current', { headers: await bearer(request, outsider) })).status()).toBe(
    404,
  );
});

test('an admin’s pages and answers hold no student names, work, drafts, grades or comments', async ({
  page,
  request,
  demoCanvas,
}) => {
  test.setTimeout(180_000);
  const name = `Northgate Academy ${Date.now()}`;
  const { admin, headers } = await institutionThroughApi(request, name);
  const teacher = await signUpThroughApi(request, 'Hana Kobayashi', uniqueEmail('h.kobayashi', 'northgate.test'));
  const teacherHeaders = await bearer(request, teacher);
  const invited = await request.post('/api/institutions/current/invitations', {
    headers,
    data: { email: teacher.email },
  });
  expect(invited.status()).toBe(201);
  const token = new URLSearchParams(
    (await joinLinkMailed(teacher.email, `${name} invites you to Margin`)).split('?')[1],
  ).get('token');
  expect((await request.post('/api/institutions/join', { headers: teacherHeaders, data: { token } })).status()).toBe(
    200,
  );

  // The teacher drafts one student and saves another's grade and comment on the demo Canvas.
  const connected = await request.put('/api/canvas/connection', {
    headers: teacherHeaders,
    data: { canvasUrl: demoCanvas.url, canvasToken: demoCanvas.token },
  });
  expect(connected.status()).toBe(200);
  const view = await (await request.get(`/api/grading${ESSAY}`, { headers: teacherHeaders })).json();
  type Submission = { id: string; user_id: number; submitted_at: string | null; workflow_state: string; body: string };
  const waiting = (view.submissions as Submission[]).filter(
    (submission) =>
      !submission.id.startsWith('placeholder_') &&
      submission.submitted_at !== null &&
      submission.workflow_state !== 'graded' &&
      submission.body,
  );
  expect(waiting.length).toBeGreaterThanOrEqual(2);
  const [drafted, saved] = waiting;
  const draft = await request.post(`/api/grading${ESSAY}/drafts`, {
    headers: teacherHeaders,
    data: { userId: drafted!.user_id, options: { mode: 'summative', useRubric: false, customInstructions: null } },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const draftFeedback = (await draft.json()).draft.feedback as string;
  const COMMENT = `Hana's note for Northgate ${Date.now()}: your thesis about the river needs one more source.`;
  const GRADE = '87.25';
  const save = await request.put(`/api/grading${ESSAY}/grades/${saved!.user_id}`, {
    headers: teacherHeaders,
    data: { submissionId: saved!.id, grade: Number(GRADE), comment: COMMENT },
  });
  expect(save.status(), await save.text()).toBe(200);

  // What must never reach the admin: every student's name, their essays, the draft, the grade and the comment.
  const students = await demoCanvas.get<Array<{ user: { name: string } }>>(
    `courses/4201/assignments/5002/submissions?include[]=user&per_page=100`,
  );
  const essayText = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60);
  const secrets = [
    ...new Set(students.map((student) => student.user.name)),
    essayText(drafted!.body),
    essayText(saved!.body),
    draftFeedback.slice(0, 60),
    COMMENT,
    GRADE,
  ].filter((secret) => secret.length >= 4);
  expect(secrets.length).toBeGreaterThan(5);
  const expectNoStudentData = (where: string, text: string) => {
    for (const secret of secrets) expect(text, `${where} shows “${secret}”`).not.toContain(secret);
  };

  // Every admin page, every tab.
  await signInThroughApi(page, admin, '/institution');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Hana Kobayashi')).toBeVisible();
  // What the admin does see: that she graded one submission this month.
  await expect(page.getByRole('tabpanel').getByText(/^[A-Z][a-z]{2} \d{4}: 1$/)).toBeVisible();
  for (const tab of ['Teachers', 'Invitations', 'Settings', 'Audit log']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').locator('.animate-pulse')).toHaveCount(0);
    expectNoStudentData(`/institution (${tab})`, await page.locator('body').innerText());
  }
  for (const path of ['/dashboard', '/settings', '/courses']) {
    await openPage(page, path);
    await page.waitForLoadState('networkidle');
    expectNoStudentData(path, await page.locator('body').innerText());
  }
  // Courses and grading are for teaching: the admin, with no Canvas of her own, is refused by role
  // and pointed to her institution page, or to connecting her own Canvas if she also teaches.
  const forTeaching = page.getByRole('alert').filter({ hasText: 'Courses and grading are for teaching' });
  await expect(forTeaching).toContainText(`You are signed in as an administrator of ${name}`);
  await expect(forTeaching.getByRole('link', { name: 'Open the institution page' })).toHaveAttribute(
    'href',
    '/institution',
  );
  await expect(forTeaching.getByRole('link', { name: 'Connect my own Canvas' })).toHaveAttribute(
    'href',
    '/canvas-setup',
  );
  await page.screenshot({ path: test.info().outputPath('admin-courses.png'), fullPage: true });

  // Every admin answer, and the grading routes on the teacher's course, assignment and students.
  for (const path of ['current', 'current/members', 'current/invitations', 'current/audit']) {
    const answer = await request.get(`/api/institutions/${path}`, { headers });
    expect(answer.status()).toBe(200);
    expectNoStudentData(`GET /api/institutions/${path}`, await answer.text());
  }
  // Drafts are each teacher's own: the admin's list is empty, never the teacher's.
  const drafts = await request.get(`/api/grading${ESSAY}/drafts`, { headers });
  expect(drafts.status()).toBe(200);
  expect(Object.keys((await drafts.json()).drafts)).toEqual([]);
  expectNoStudentData('GET drafts as the admin', await drafts.text());
  // Grading works only on the caller's own Canvas connection: the admin, with none, is refused by role.
  const refusals = [
    await request.get(`/api/grading${ESSAY}`, { headers }),
    await request.post(`/api/grading${ESSAY}/drafts`, {
      headers,
      data: { userId: drafted!.user_id, options: { mode: 'summative', useRubric: false, customInstructions: null } },
    }),
    await request.put(`/api/grading${ESSAY}/grades/${saved!.user_id}`, {
      headers,
      data: { submissionId: saved!.id, grade: 10, comment: 'Changed by the admin.' },
    }),
  ];
  for (const answer of refusals) {
    expect(answer.status(), answer.url()).toBe(403);
    expect((await answer.json()).error.details).toEqual({ reason: 'institution_admin' });
    expectNoStudentData(answer.url(), await answer.text());
  }
  // The comment in Canvas is still the teacher's.
  const stored = await demoCanvas.get<{ submission_comments: Array<{ comment: string }> }>(
    `courses/4201/assignments/5002/submissions/${saved!.user_id}?include[]=submission_comments`,
  );
  expect(stored.submission_comments.at(-1)?.comment).toBe(COMMENT);
  // And a teacher sees nothing of the other teachers.
  expect((await request.get('/api/institutions/current/members', { headers: teacherHeaders })).status()).toBe(403);
});

test('the admin enters the LTI key: configuration URL to copy, validation, a clear refusal, saving, and back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin } = await institutionThroughApi(request, `Westbrook College ${Date.now()}`);
  // Another school already holds one client id.
  const takenClientId = `7${Date.now()}`;
  const other = await institutionThroughApi(request, `Eastbrook College ${Date.now()}`);
  expect(
    (
      await request.put('/api/institutions/current/lti', {
        headers: other.headers,
        data: { ltiClientId: takenClientId, ltiDeploymentId: 'east:1' },
      })
    ).status(),
  ).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, admin, '/institution');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const card = page.getByTestId('lti-key-card');
  await expect(card.getByRole('heading', { name: 'Launch from Canvas (LTI 1.3)' })).toBeVisible();
  const configUrl = card.getByLabel('Configuration URL');
  await expect(configUrl).toHaveValue(/\/api\/lti\/config\.json$/);
  const configuration = await request.get(new URL(await configUrl.inputValue()).pathname);
  expect(configuration.status()).toBe(200);
  expect(await configuration.json()).toMatchObject({
    oidc_initiation_url: expect.stringMatching(/\/api\/lti\/login$/),
  });
  await expect(card.getByTestId('lti-key-status')).toHaveText(
    'No LTI key saved yet: launches from Canvas are refused.',
  );
  // For a key with Enforce Scopes on, the scopes to enable on it in Canvas are listed beside the switch.
  await expect(page.getByRole('switch', { name: 'The developer key enforces scopes' })).not.toBeChecked();
  const scopes = page.getByTestId('canvas-scopes');
  await scopes.locator('summary').click();
  await expect(scopes).toContainText('url:GET|/api/v1/courses/:id/late_policy');
  await page.screenshot({ path: `${SHOTS}/institution-settings-laptop.png`, fullPage: true });

  // Keyboard only: from the URL to the copy button, to the client id, to the deployment id, Enter saves.
  await configUrl.focus();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Copy URL' })).toBeFocused();
  await page.keyboard.press('Tab');
  const clientId = card.getByLabel('LTI key client ID');
  const deploymentId = card.getByLabel('Deployment ID');
  await expect(clientId).toBeFocused();
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  await expect(deploymentId).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByText('Enter the deployment id Canvas shows after you install the key.')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(deploymentId).toBeFocused();
  await page.keyboard.type('west:42');
  await page.keyboard.press('Enter');
  await expect(clientId).toHaveAttribute('aria-invalid', 'true');
  await expect(
    card.getByText('The LTI key’s client id is the number Canvas shows in the Details column.'),
  ).toBeVisible();

  // The server's refusal is shown at the field: another school's key.
  await clientId.fill(takenClientId);
  await card.getByRole('button', { name: 'Save LTI key' }).click();
  await expect(card.getByText('Another institution on Margin already uses this LTI key’s client id.')).toBeVisible();

  // Saving shows that it works, then what was saved.
  const ownClientId = `9${Date.now()}`;
  await clientId.fill(ownClientId);
  await page.route('**/api/institutions/current/lti', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await card.getByRole('button', { name: 'Save LTI key' }).click();
  await expect(card.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  // Saved, and a reminder that launches need the Canvas address too, which this school has not entered.
  await expect(page.getByTestId('lti-key-card').getByTestId('lti-key-status')).toHaveText(
    `Saved: Canvas launches Margin with client ID ${ownClientId}, deployment west:42. Enter your Canvas URL above too: launches are checked against it.`,
  );
  await page.unroute('**/api/institutions/current/lti');
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByTestId('lti-key-card').getByLabel('LTI key client ID')).toHaveValue(ownClientId);
  await expect(page.getByTestId('lti-key-card').getByLabel('Deployment ID')).toHaveValue('west:42');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('tabpanel').getByText('LTI key changed').first()).toBeVisible();

  // A phone and a tablet: nothing scrolls sideways, the form is whole.
  for (const [label, size] of [
    ['375', { width: 375, height: 812 }],
    ['tablet', { width: 820, height: 1180 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByTestId('lti-key-card').getByRole('button', { name: 'Save LTI key' })).toBeVisible();
    expect(await scrollsSideways(page), `${label} scrolls sideways`).toBe(false);
    await page.screenshot({ path: `${SHOTS}/institution-settings-${label}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Teachers' }).click();
    expect(await scrollsSideways(page), `${label} teachers tab scrolls sideways`).toBe(false);
    await page.screenshot({ path: `${SHOTS}/institution-teachers-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Teachers' }).click();
  await page.screenshot({ path: `${SHOTS}/institution-teachers-laptop.png`, fullPage: true });
});
