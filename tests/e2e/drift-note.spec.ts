import { expect, test } from './fixtures';

test.use({ teacherName: 'Siobhán Ní Bhriain' });

/** The demo Canvas's personal narrative (40 points): 25 essays graded, a few waiting. */
const NARRATIVE = '/courses/4201/assignments/5001/grade';
const SHOTS = process.env.SHOTS_DIR;

test('a grade far from the teacher’s earlier ones gets a quiet note naming work graded alike, which she can turn off', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  test.setTimeout(240_000);
  await teacherWithDemoCanvas.open(NARRATIVE);
  await expect(page.getByTestId('student-name')).toBeVisible();
  await expect(page.getByTestId('submission-status')).toHaveText(/^(Submitted|Late)/);
  await page.getByTestId('grade-input').fill('0');
  await page.getByTestId('feedback-input').fill('Please see me about this narrative.');
  await page.getByTestId('save-grade').click();
  const status = page.getByTestId('save-bar');
  await expect(status.getByText('Grade and feedback saved to Canvas')).toBeVisible({ timeout: 30_000 });
  const note = page.getByTestId('drift-note');
  await expect(note).toContainText(
    /^Your earlier grades on this assignment suggest about [\d.]+ for work like this\. Work that measured alike: .+ \([\d.]+\) and .+ \([\d.]+\)\./,
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/drift-note.png`, fullPage: true });

  await note.getByRole('button', { name: 'Turn off these notes' }).click();
  await expect(page.getByTestId('drift-note-off')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: /Point out grades far from my earlier ones/ })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});
