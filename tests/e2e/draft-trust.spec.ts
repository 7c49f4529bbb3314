import { expect, test } from './fixtures';

test.use({ teacherName: 'Mary McLeod Bethune' });

test('a draft says how far to trust its grade: what it learned from the teacher’s grades and how closely it agrees with them', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  test.setTimeout(180_000);
  await teacherWithDemoCanvas.open('/assignments');
  await page
    .getByTestId('needs-grading-card')
    .first()
    .getByRole('link', { name: /Start Grading/ })
    .click();
  await expect(page.getByTestId('student-name')).toBeVisible();
  for (let step = 0; step < 40; step += 1) {
    const status = await page.getByTestId('submission-status').textContent();
    if (status?.startsWith('Submitted') || status?.startsWith('Late')) break;
    await page.keyboard.press('j');
  }
  await expect(page.getByTestId('submission-status')).toHaveText(/^(Submitted|Late)/);

  await page.getByRole('button', { name: 'Draft with AI' }).click();
  const trustLine = page.getByTestId('draft-trust-line');
  await expect(trustLine).toBeVisible({ timeout: 60_000 });
  // The demo class has graded work on this assignment: the draft learned from it and was checked on it.
  await expect(page.getByTestId('draft-basis')).toHaveText(
    /^Learned from \d+ of your grades on this assignment, ranked within the class \(\d+ submissions\)\.$/,
  );
  await expect(page.getByTestId('draft-agreement')).toHaveText(
    /^Within [\d.]+ points? of your grade on \d+ of \d+ you graded, each drafted without seeing your grade\.$/,
  );
  await expect(page.getByTestId('grade-review')).toContainText('on your scale');
  await trustLine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '../_shots/draft-quality/draft-trust-line.png', fullPage: true });
});
