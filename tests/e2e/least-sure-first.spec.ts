import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ teacherName: 'Mary Jackson' });

/** The built-in demo Canvas's English 10 course and its argumentative essay. */
const COURSE_ID = 4201;
const ESSAY_ASSIGNMENT = 5002;
const SHOTS = process.env.SHOTS_DIR;

async function openUncertainty(page: Page): Promise<number> {
  const line = page.getByTestId('draft-confidence');
  await expect(line).toBeVisible({ timeout: 30_000 });
  return Number(await line.getAttribute('data-uncertainty'));
}

test('drafts say how sure their grade is, the list can put the least sure first and show only those waiting, and Save & Next follows it', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  test.setTimeout(240_000);
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade`);
  await expect(page.getByTestId('student-name')).toBeVisible();
  await page.getByRole('button', { name: 'Draft the whole class' }).click();
  await expect(page.getByTestId('batch-progress')).toHaveText(/^Drafted \d+ of \d+/, { timeout: 180_000 });

  // Only those waiting is the list's (and the walk's) default.
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('waiting');
  await page.getByRole('combobox', { name: 'Order' }).selectOption('least-sure');
  await expect(page).toHaveURL(/order=least-sure/);
  await expect(page).not.toHaveURL(/walk=everyone/);
  // Back to the top of the list: the least sure draft.
  const jump = page.getByRole('combobox', { name: 'Jump to Student' });
  await jump.selectOption({ index: 0 });
  await expect(page.getByTestId('student-position')).toHaveText(/^Student 1 of \d+$/);
  const options = await jump.locator('option').allTextContents();
  // Only those waiting for a grade are listed.
  for (const option of options) expect(option).not.toMatch(/\((Graded|Not Submitted|Excused)\)$/);

  const first = await openUncertainty(page);
  // The top of the list is the least sure draft of the class, and says so.
  await expect(page.getByTestId('draft-confidence')).toHaveAttribute('data-level', 'unsure');
  await expect(page.getByTestId('draft-confidence')).toHaveText(/^This grade: Unsure: /);
  if (SHOTS) {
    await page.getByTestId('draft-trust-line').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/least-sure-first.png`, fullPage: true });
  }
  await page.keyboard.press('j');
  await expect(page.getByTestId('student-position')).toHaveText(/^Student 2 of/);
  const second = await openUncertainty(page);
  expect(second).toBeLessThanOrEqual(first);

  // Save & Next moves to the next in this order.
  const name = await page.getByTestId('student-name').textContent();
  await page.getByTestId('grade-input').fill('80');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByTestId('student-name')).not.toHaveText(name!);
  // The saved student no longer waits, so she leaves the list: the next is now second of one fewer.
  await expect(page.getByTestId('student-position')).toHaveText(`Student 2 of ${options.length - 1}`);
  const third = await openUncertainty(page);
  expect(third).toBeLessThanOrEqual(second);
});
