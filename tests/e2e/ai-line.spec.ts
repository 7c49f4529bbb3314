import { expect, test } from './fixtures';

test.use({ teacherName: 'Anaïs O’Connell-Nguyễn' });

const LINE = 'Feedback drafted with AI and reviewed by your teacher.';
const SHOTS = process.env.SHOTS_DIR;

test('the AI line is off until the teacher turns it on in Settings, then shows under her comment and ends it in Canvas', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  test.setTimeout(240_000);
  await teacherWithDemoCanvas.open('/courses/4201/assignments/5002/grade');
  await expect(page.getByTestId('student-name')).toBeVisible();
  await page.getByTestId('feedback-input').fill('Your claim is clear.');
  await expect(page.getByTestId('ai-line-preview')).toHaveCount(0);

  await page.goto('/settings');
  const aiSwitch = page.getByRole('switch', { name: /Say that AI helped/ });
  await expect(aiSwitch).toHaveAttribute('aria-checked', 'false', { timeout: 30_000 });
  await aiSwitch.click();
  await expect(aiSwitch).toHaveAttribute('aria-checked', 'true');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/ai-line-settings.png`, fullPage: true });
  // Remembered on the server.
  await page.reload();
  await expect(page.getByRole('switch', { name: /Say that AI helped/ })).toHaveAttribute('aria-checked', 'true', {
    timeout: 30_000,
  });

  await page.goto('/courses/4201/assignments/5002/grade');
  await expect(page.getByTestId('student-name')).toBeVisible();
  const studentName = (await page.getByTestId('student-name').textContent())!;
  await page.getByTestId('grade-input').fill('84');
  await page.getByTestId('feedback-input').fill('Your claim is clear; the counterargument needs a source.');
  await expect(page.getByTestId('ai-line-preview')).toHaveText(`Added at the end when you save: ${LINE}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/ai-line-preview.png`, fullPage: true });
  await page.getByTestId('feedback-input').press('Control+Enter');
  await expect(page.getByTestId('save-bar').getByText('Grade and feedback saved to Canvas')).toBeVisible({
    timeout: 60_000,
  });

  const submissions = await demoCanvas.get<
    Array<{ user: { name: string }; submission_comments: Array<{ comment: string }> }>
  >('/courses/4201/assignments/5002/submissions?include[]=user&include[]=submission_comments&per_page=100');
  const saved = submissions.find((submission) => submission.user.name === studentName);
  expect(saved?.submission_comments.at(-1)?.comment).toBe(
    `Your claim is clear; the counterargument needs a source.\n\n${LINE}`,
  );
});
