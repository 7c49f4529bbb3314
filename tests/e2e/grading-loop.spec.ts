import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ teacherName: 'Katherine Johnson' });

/** The built-in demo Canvas's English 10 course: the argumentative essay and the Tell-Tale Heart quiz. */
const COURSE_ID = 4201;
const ESSAY_ASSIGNMENT = 5002;
const QUIZ_ID = 8101;
/** Where screenshots go when asked for (SHOTS_DIR=...). */
const SHOTS = process.env.SHOTS_DIR;

/**
 * Opens the essay on its first submitted student and gives their id and name; `onTime` skips late
 * work, whose saved grade Canvas's late policy reduces.
 */
async function openSubmittedStudent(page: Page, open: (path: string) => Promise<void>, { onTime = false } = {}) {
  await open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade`);
  await expect(page.getByTestId('student-name')).toBeVisible();
  // From the second student on: a student picked by moving is named in the address.
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/[?&]student=\d+/);
  for (let step = 0; step < 40; step += 1) {
    const status = await page.getByTestId('submission-status').textContent();
    if (status?.startsWith('Submitted') || (!onTime && status?.startsWith('Late'))) break;
    await page.keyboard.press('j');
  }
  await expect(page.getByTestId('submission-status')).toHaveText(onTime ? /^Submitted/ : /^(Submitted|Late)/);
  await expect(page).toHaveURL(/[?&]student=\d+/);
  const userId = Number(new URL(page.url()).searchParams.get('student'));
  const name = (await page.getByTestId('student-name').textContent())!;
  return { userId, name };
}

test('Save & Next waits for Canvas, says what it stored, then shows the next student', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  const { userId, name } = await openSubmittedStudent(page, teacherWithDemoCanvas.open, { onTime: true });
  // Every grade save waits here until the test lets it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/grading/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grades/*`, async (route) => {
    await held;
    await route.continue();
  });

  await page.getByTestId('grade-input').fill('77');
  await page.getByTestId('feedback-input').fill('Your reasons are clear; answer the strongest objection.');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByTestId('save-bar').getByText('Saving to Canvas…')).toBeVisible();
  // Nothing is said to be saved before Canvas answered, and the screen stays with the student.
  await expect(page.getByText('Grade and feedback saved to Canvas')).toHaveCount(0);
  await expect(page.getByTestId('student-name')).toHaveText(name);

  if (SHOTS) await page.screenshot({ path: `${SHOTS}/save-and-next-while-saving.png` });
  release();
  await expect(page.getByText(`${name}: Canvas stored: 77 / 100.`)).toBeVisible();
  await expect(page.getByTestId('student-name')).not.toHaveText(name);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/save-and-next-stored.png` });
  const stored = await demoCanvas.get<{ score: number }>(
    `courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/submissions/${userId}`,
  );
  expect(stored.score).toBe(77);
  // The saved student keeps their name in the list (Canvas's answer to the save names no user):
  // graded now, she is listed once the list shows everyone.
  await page.getByRole('combobox', { name: 'Show' }).selectOption('everyone');
  await expect(page.getByRole('combobox', { name: 'Jump to Student' })).toContainText(name.split(' ').at(-1)!);
  await expect(page.getByRole('combobox', { name: 'Jump to Student' })).not.toContainText(`Student ${userId}`);
});

test('a save that fails never moves on: the student and her edits stay on screen with the reason', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  const { name } = await openSubmittedStudent(page, teacherWithDemoCanvas.open);
  // The connection drops before the save reaches the server.
  await page.route(`**/api/grading/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grades/*`, (route) =>
    route.abort('failed'),
  );

  await page.getByTestId('grade-input').fill('64');
  await page.getByTestId('feedback-input').fill('Kept while the save failed.');
  await page.getByRole('button', { name: 'Save & Next' }).click();

  await expect(page.getByText('Grade Save Failed')).toBeVisible();
  await expect(page.getByText(`${name}: An unexpected error occurred while saving the grade`)).toBeVisible();
  await expect(page.getByTestId('student-name')).toHaveText(name);
  await expect(page.getByTestId('grade-input')).toHaveValue('64');
  await expect(page.getByTestId('feedback-input')).toHaveValue('Kept while the save failed.');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/save-failed-stays.png` });
});

test("the quiz reads the next student's answers and stored drafts ahead: Save & Next shows them with no request of its own", async ({
  page,
  teacherWithDemoCanvas,
}) => {
  const read: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/quizzes\/\d+\/submissions\/\d+\/(answers|drafts)/.test(request.url()))
      read.push(request.url());
  });
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await page.getByTestId('quiz-student').filter({ hasText: 'Needs review' }).first().click();
  await expect(page.getByTestId('answer-text')).toBeVisible();
  await expect(page).toHaveURL(/[?&]student=\d+/);
  const name = (await page.getByTestId('student-name').textContent())!;
  const openUserId = Number(new URL(page.url()).searchParams.get('student'));

  // The next student's answers and stored drafts were read while this one is open.
  const submissionOf = (userId: number) =>
    read
      .map((url) => /submissions\/(\d+)\/answers\?userId=(\d+)/.exec(url))
      .find((match) => match && Number(match[2]) === userId)?.[1];
  let next: { userId: number; submissionId: string } | undefined;
  await expect
    .poll(() => {
      const match = read
        .map((url) => /submissions\/(\d+)\/answers\?userId=(\d+)/.exec(url))
        .find((found) => found && Number(found[2]) !== openUserId);
      next = match ? { userId: Number(match[2]), submissionId: match[1]! } : undefined;
      return next !== undefined && read.some((url) => url.includes(`/submissions/${next!.submissionId}/drafts`));
    })
    .toBe(true);
  expect(submissionOf(openUserId)).toBeDefined();
  await page.waitForLoadState('networkidle');

  // From here on, answers and drafts cannot be read at all.
  const afterClick: string[] = [];
  await page.route(/\/quizzes\/\d+\/submissions\/\d+\/(answers|drafts)/, (route) => {
    afterClick.push(route.request().url());
    return route.abort('failed');
  });
  await page.getByTestId('grade-input').fill('3');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  // A question Canvas already holds a score for asks before it is replaced.
  const saved = page.getByText('Grade and feedback saved to Canvas');
  const replace = page.getByTestId('confirm-replace');
  await expect(saved.or(replace)).toBeVisible();
  if (await replace.isVisible()) await replace.click();
  await expect(saved).toBeVisible();
  await expect(page.getByTestId('student-name')).not.toHaveText(name);
  await expect(page).toHaveURL(new RegExp(`[?&]student=${next!.userId}(&|$)`));
  await expect(page.locator('[data-testid="answer-text"], [data-testid="answer-choices"]').first()).toBeVisible();
  await expect(page.getByTestId('answers-error')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/quiz-next-student-prefetched.png` });
  // Only the student after the next one is read now (ahead again); nothing for the one on screen.
  expect(afterClick.filter((url) => url.includes(`/submissions/${next!.submissionId}/`))).toEqual([]);
});
