import { expect, test } from './fixtures';

/** The demo Canvas's Environmental Science course, which has the assignment graded anonymously. */
const COURSE_ID = 4203;
const SHOTS = process.env.SHOTS_DIR;

type Enrollment = { user: { name: string; sortable_name: string; short_name?: string } };

test('an assignment graded anonymously names no student, on the page or in its title, and saves through Canvas', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  test.setTimeout(180_000);
  const assignments = await demoCanvas.get<Array<{ id: number; name: string; anonymous_grading: boolean }>>(
    `courses/${COURSE_ID}/assignments?per_page=100`,
  );
  const anonymous = assignments.find(
    (assignment) => assignment.anonymous_grading && assignment.name.startsWith('Reflection Essay'),
  )!;
  const enrollments = await demoCanvas.get<Enrollment[]>(
    `courses/${COURSE_ID}/enrollments?type[]=StudentEnrollment&per_page=100`,
  );
  const names = enrollments.flatMap(({ user }) => [user.name, user.sortable_name]);
  expect(names.length).toBeGreaterThan(20);
  const expectNoName = async () => {
    const text = (await page.locator('body').innerText()) + (await page.title());
    const options = await page.locator('option').allTextContents();
    for (const name of names) expect([text, ...options].join('\n')).not.toContain(name);
  };

  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${anonymous.id}/grade`);
  await expect(page.getByTestId('student-name')).toHaveText(/^Student \d+$/, { timeout: 60_000 });
  await expect(page.getByTestId('anonymous-grading')).toBeVisible();
  await expect(page.getByTestId('student-position')).toHaveText(/^1 of \d+ in this list$/);
  await expect(page.getByTestId('submission-status')).toHaveText(/^(Submitted|Late)/);
  await expectNoName();
  const student = (await page.getByTestId('student-name').textContent())!;

  await page.getByRole('button', { name: 'Draft with AI' }).click();
  const status = page.getByTestId('save-status-line');
  await expect(status).toContainText(/AI \w+ grading generated/, { timeout: 60_000 });
  await expect(status).toContainText(`For ${student}.`);
  await expectNoName();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/anonymous-grading-1280.png`, fullPage: true });

  await page.getByTestId('grade-input').fill('15');
  await page.getByTestId('save-bar').getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(status).toContainText('Canvas stored: 15 / 20', { timeout: 30_000 });
  await expectNoName();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/anonymous-grading-saved-1280.png`, fullPage: true });

  // Canvas holds it, read by the anonymous ids as a grader would.
  const rows = await demoCanvas.get<Array<{ anonymous_id: string; score: number | null }>>(
    `courses/${COURSE_ID}/assignments/${anonymous.id}/submissions?per_page=100`,
  );
  expect(rows.filter((row) => row.score === 15).length).toBeGreaterThanOrEqual(1);
});

test('a discussion graded anonymously shows Student N and posts without names, and offers no Draft or Save', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  test.setTimeout(120_000);
  const topics = await demoCanvas.get<Array<{ id: number; title: string }>>(
    `courses/${COURSE_ID}/discussion_topics?per_page=100`,
  );
  const topic = topics.find((candidate) => candidate.title.includes('(anonymous grading)'))!;
  const enrollments = await demoCanvas.get<Enrollment[]>(
    `courses/${COURSE_ID}/enrollments?type[]=StudentEnrollment&per_page=100`,
  );
  const names = enrollments.flatMap(({ user }) => [user.name, user.sortable_name, user.sortable_name.split(', ')[1]!]);

  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/discussions/${topic.id}/grade?tab=all&walk=all`);
  await expect(page.getByTestId('student-name')).toHaveText(/^Student \d+$/, { timeout: 60_000 });
  await expect(page.getByTestId('anonymous-grading')).toContainText('Graded anonymously');
  await expect(page.getByTestId('student-position')).toHaveText(/^\d+ of \d+ in this list$/);
  await expect(page.getByRole('button', { name: 'Draft with AI' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Save/ })).toHaveCount(0);
  const text = async () => (await page.locator('body').innerText()) + (await page.title());
  const expectNoName = async () => {
    const shown = await text();
    for (const name of names) expect(shown).not.toMatch(new RegExp(`\\b${name}\\b`));
  };
  await expectNoName();
  // Walk the students until one replied to a classmate: the reply names nobody, and says whom it answers by number.
  const entries = page.getByTestId('student-entry');
  let foundReply = false;
  for (let index = 0; index < (await entries.count()) && !foundReply; index += 1) {
    await entries.nth(index).click();
    await expect(page.getByTestId('student-name')).toHaveText(/^Student \d+$/);
    foundReply = (await text()).includes('[classmate]');
  }
  expect(foundReply).toBe(true);
  await expectNoName();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/anonymous-discussion-1280.png`, fullPage: true });
});

test('the Students tab keeps an anonymous assignment out of every student, and says so', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  test.setTimeout(120_000);
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}`);
  await page.getByRole('tab', { name: 'Students' }).click();
  const note = page.getByTestId('anonymous-assignments-note');
  await expect(note).toContainText('Graded anonymously in Canvas, so not shown for any student here', {
    timeout: 60_000,
  });
  await expect(note).toContainText('Reflection Essay: Our Creek (anonymous grading)');
  await expect(page.getByTestId('students-table')).not.toContainText('anonymous grading');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/anonymous-students-tab-1280.png`, fullPage: true });
  await page.getByTestId('student-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('student-work').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('student-record')).not.toContainText('anonymous grading');
});
