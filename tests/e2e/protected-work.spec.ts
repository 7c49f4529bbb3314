import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ teacherName: 'Septima Clark' });

/** The built-in demo Canvas's English 10 course: the argumentative essay and the Tell-Tale Heart quiz. */
const COURSE_ID = 4201;
const ESSAY_ASSIGNMENT = 5002;
const QUIZ_ID = 8101;
const SHOTS = process.env.SHOTS_DIR;

const WAITING = /^(Submitted|Late)/;

async function statusOf(page: Page) {
  return (await page.getByTestId('submission-status').textContent()) ?? '';
}

test('opening an assignment and J, K and Save & Next reach only work waiting for a grade, unless she walks everyone', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade`);
  await expect(page.getByTestId('student-name')).toBeVisible();
  await expect(page.getByTestId('submission-status')).toHaveText(WAITING);
  // One choice says whom the list shows and whom Next reaches.
  const show = page.getByRole('combobox', { name: 'Show' });
  await expect(show).toHaveValue('waiting');
  await expect(page.getByRole('switch', { name: 'Only work waiting for a grade' })).toHaveCount(0);
  const listed = await page.getByRole('combobox', { name: 'Jump to Student' }).locator('option').allTextContents();
  for (const option of listed) expect(option).toMatch(/\((Submitted|Late)\)$/);

  // Every step lands on waiting work, in both directions.
  const seen = new Set<string>();
  for (let step = 0; step < 6; step += 1) {
    const before = (await page.getByTestId('student-name').textContent())!;
    seen.add(before);
    await page.keyboard.press(step < 4 ? 'j' : 'k');
    await expect(page.getByTestId('student-name')).not.toHaveText(before);
    await expect(page.getByTestId('submission-status')).toHaveText(WAITING);
  }
  expect(seen.size).toBeGreaterThan(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/walk-waiting-1280.png` });

  // Walking everyone reaches the students in between: the list's order, one by one.
  await show.selectOption('everyone');
  await expect(page).toHaveURL(/[?&]walk=everyone/);
  await expect(page.getByRole('combobox', { name: 'Jump to Student' }).locator('option')).toHaveCount(35);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/show-everyone-1280.png` });
  const statuses: string[] = [];
  for (let step = 0; step < 12; step += 1) {
    const position = (await page.getByTestId('student-position').textContent())!;
    await page.keyboard.press('j');
    await expect(page.getByTestId('student-position')).not.toHaveText(position);
    statuses.push(await statusOf(page));
  }
  expect(statuses.some((status) => !WAITING.test(status))).toBe(true);
});

test('on a graded student a draft waits beside her grade, and saving over it asks "Replace …?" first', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade?walk=everyone`);
  const jump = page.getByRole('combobox', { name: 'Jump to Student' });
  await expect(jump).toBeVisible();
  const graded = jump.locator('option', { hasText: '(Graded)' }).first();
  await jump.selectOption({ label: (await graded.textContent())! });
  await expect(page.getByTestId('submission-status')).toHaveText(/^Graded: /);
  const userId = Number(new URL(page.url()).searchParams.get('student'));
  const before = await demoCanvas.get<{ score: number; submission_comments: unknown[] }>(
    `courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/submissions/${userId}?include[]=submission_comments`,
  );
  const saved = `${before.score}/100`;
  await expect(page.getByTestId('grade-input')).toHaveValue(String(before.score));

  // Drafting works, but the draft only waits beside her grade.
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  const offer = page.getByTestId('draft-offer');
  await expect(offer).toBeVisible({ timeout: 60_000 });
  await expect(offer).toContainText(`Already graded: ${saved} in Canvas. The draft suggests`);
  await expect(page.getByTestId('grade-input')).toHaveValue(String(before.score));
  await expect(page.getByTestId('feedback-input')).toHaveValue('');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/draft-beside-grade-1280.png` });

  // Ctrl+Enter on her own grade asks first; keeping it sends nothing and stays.
  await page.getByTestId('feedback-input').fill('A second look: your evidence holds.');
  await page.getByTestId('feedback-input').press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: `Replace ${saved}?` });
  await expect(dialog).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/replace-grade-1280.png` });
  await dialog.getByRole('button', { name: `Keep ${saved}` }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`[?&]student=${userId}`));
  const after = await demoCanvas.get<{ score: number; submission_comments: unknown[] }>(
    `courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/submissions/${userId}?include[]=submission_comments`,
  );
  expect(after.score).toBe(before.score);
  expect(after.submission_comments).toHaveLength(before.submission_comments.length);

  // She chooses the draft: only now does it take the place of her grade in the form.
  await offer.getByRole('button', { name: 'Use the draft' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByTestId('feedback-input')).not.toHaveValue('');
});

test('on the quiz, opening and Save & Next skip students already graded', async ({ page, teacherWithDemoCanvas }) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  const current = page.locator('[data-testid="quiz-student"][aria-current="true"]');
  await expect(current).toBeVisible();
  await expect(current).not.toContainText('Graded');
  await expect(current).not.toContainText('In progress');
  for (let step = 0; step < 3; step += 1) {
    const name = (await page.getByTestId('student-name').textContent())!;
    await page.keyboard.press('j');
    await expect(page.getByTestId('student-name')).not.toHaveText(name);
    await expect(current).not.toContainText('Graded');
    await expect(current).not.toContainText('In progress');
  }
});

test('a re-save edits the comment it posted and costs no second credit; Undo puts Canvas back; the result links to Canvas', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
  request,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade`);
  await expect(page.getByTestId('submission-status')).toHaveText(WAITING);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/[?&]student=\d+/);
  // Work handed in on time: Canvas's late policy would store less than the grade entered.
  for (let step = 0; step < 40; step += 1) {
    if ((await page.getByTestId('submission-status').textContent())?.startsWith('Submitted')) break;
    await page.keyboard.press('j');
  }
  await expect(page.getByTestId('submission-status')).toHaveText(/^Submitted/);
  const userId = Number(new URL(page.url()).searchParams.get('student'));
  const canvasPath = `courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/submissions/${userId}?include[]=submission_comments`;
  type Stored = { score: number | null; submission_comments: Array<{ comment: string }> };
  const before = await demoCanvas.get<Stored>(canvasPath);
  const usedBefore = (
    await (
      await request.get('/api/usage', { headers: { authorization: `Bearer ${teacherWithDemoCanvas.accessToken}` } })
    ).json()
  ).submissions_used as number;
  const bar = page.getByTestId('save-bar');

  await page.getByTestId('grade-input').fill('71');
  await page.getByTestId('feedback-input').fill('Your claim is clear.');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(bar.getByTestId('save-status-line')).toContainText('Canvas stored: 71 / 100.');
  await expect(bar.getByRole('link', { name: 'View in Canvas' })).toHaveAttribute(
    'href',
    new RegExp(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/submissions/${userId}$`),
  );

  // Saving her again asks first, then edits the comment posted before: no second comment, no second credit.
  await page.getByTestId('grade-input').fill('74');
  await page.getByTestId('feedback-input').fill('Your claim is clear, and the evidence now carries it.');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await page.getByTestId('confirm-replace').click();
  await expect(bar.getByTestId('save-status-line')).toContainText('Canvas stored: 74 / 100.');
  const resaved = await demoCanvas.get<Stored>(canvasPath);
  expect(resaved.score).toBe(74);
  expect(resaved.submission_comments).toHaveLength(before.submission_comments.length + 1);
  expect(resaved.submission_comments.at(-1)!.comment).toBe('Your claim is clear, and the evidence now carries it.');
  const usage = await (
    await request.get('/api/usage', { headers: { authorization: `Bearer ${teacherWithDemoCanvas.accessToken}` } })
  ).json();
  expect(usage.submissions_used).toBe(usedBefore + 1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/saved-with-undo-1280.png` });

  // Undo puts back the grade and comment Canvas held before the last save.
  await bar.getByTestId('undo-save').click();
  await expect(bar.getByTestId('save-status-line')).toContainText('Save undone');
  await expect(bar.getByTestId('save-status-line')).toContainText('Canvas holds 71 / 100 again');
  const undone = await demoCanvas.get<Stored>(canvasPath);
  expect(undone.score).toBe(71);
  expect(undone.submission_comments.at(-1)!.comment).toBe('Your claim is clear.');
});

test('the hint beside Save says when the student will see the grade, from the posting policy in Canvas', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  // The Literary Analysis posts grades by hand; the argumentative essay posts them automatically.
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/5003/grade`);
  const name = (await page.getByTestId('student-name').textContent())!;
  await expect(page.getByTestId('posting-hint')).toHaveText(
    `Grades are posted by hand on this assignment: ${name} will not see the grade or comment until you post grades in Canvas.`,
  );
  if (SHOTS) {
    await page.getByTestId('posting-hint').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/posting-hint-manual-1280.png` });
    for (const width of [768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/walk-switch-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await page.goto(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade`);
  const essayStudent = (await page.getByTestId('student-name').textContent())!;
  await expect(page.getByTestId('posting-hint')).toHaveText(
    `Grades post automatically on this assignment: ${essayStudent} sees the grade and comment as soon as you save.`,
  );
  await expect(page.getByRole('button', { name: /Post grades/i })).toHaveCount(0);
});
