import { expect, test } from './fixtures';

test.use({ teacherName: 'Mary McLeod Bethune' });

/** The built-in demo Canvas: AP U.S. History's DBQ (rubric) and English 10's Tell-Tale Heart quiz. */
const COURSE_ID = 4202;
const DBQ_ASSIGNMENT = 5010;
const ENGLISH_COURSE_ID = 4201;
const QUIZ_ID = 8101;

test('after Save & Next the keyboard is on the next student: focus is on their name, not lost to the page', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${DBQ_ASSIGNMENT}/grade`);
  const name = (await page.getByTestId('student-name').textContent())!;
  // The screen opens on the first work waiting for a grade: it has none yet.
  const label = (await page
    .getByText(/^Grade \(out of \d+/)
    .first()
    .textContent())!;
  const points = Number(/out of (\d+)/.exec(label)![1]);
  await page.getByTestId('grade-input').fill(String(Math.floor(points / 2)));
  await page.getByTestId('feedback-input').fill('Your thesis is clear; tie Document C to it.');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByTestId('student-name')).not.toHaveText(name);
  await expect(page.getByTestId('student-name')).toBeFocused();
  // The single-key shortcuts still work from there.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('after Save & Next on a quiz, focus is on the next student, not lost to the page', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${ENGLISH_COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await page.getByTestId('quiz-student').filter({ hasText: 'Needs review' }).first().click();
  await expect(page.getByTestId('answer-text')).toBeVisible();
  const name = (await page.getByTestId('student-name').textContent())!;
  await page.getByTestId('grade-input').fill('6');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByTestId('student-name')).not.toHaveText(name);
  await expect(page.getByTestId('student-name')).toBeFocused();
});

test("drafting the whole class is told in its own bar: no toast repeats it, goes stale or covers the screen's buttons", async ({
  page,
  teacherWithDemoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${DBQ_ASSIGNMENT}/grade`);
  await expect(page.getByText(/^\d+ submitted, ungraded students?\.$/)).toBeVisible();
  // Every toast shown from here on is written down, however briefly it stays.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]'))
        if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Draft the whole class' }).click();
  await expect(page.getByTestId('batch-progress')).toBeVisible();
  // Open in Canvas, at the top right under the header, is what a click there reaches.
  const openInCanvas = page.getByRole('link', { name: 'Open in Canvas' });
  const box = (await openInCanvas.boundingBox())!;
  const reached = () =>
    page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
  expect(await reached()).toBe('Open in Canvas');
  await expect(page.getByTestId('batch-progress')).toHaveText(/^Drafted (\d+) of \1$/);
  expect(await reached()).toBe('Open in Canvas');
  expect(await page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen)).toEqual([]);
});
