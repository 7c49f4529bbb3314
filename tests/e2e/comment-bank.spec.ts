import { expect, test } from './fixtures';

test.use({ teacherName: 'Mairéad O’Sullivan' });

const ESSAY = '/courses/4201/assignments/5002/grade';
const SHOTS = process.env.SHOTS_DIR;

test('a saved comment comes back on the next student as her words, inserted with one key, and she can pin, edit and delete it', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  test.setTimeout(240_000);
  await teacherWithDemoCanvas.open(ESSAY);
  await expect(page.getByTestId('student-name')).toBeVisible();
  const firstStudent = (await page.getByTestId('student-name').textContent())!;
  const firstName = firstStudent.split(' ')[0]!;
  await expect(page.getByTestId('comment-bank')).toHaveCount(0);
  await page.getByTestId('grade-input').fill('86');
  await page.getByTestId('feedback-input').fill(`${firstName}, your evidence is strong. Add a counterargument.`);
  await page.getByTestId('feedback-input').press('Control+Enter');
  await expect(page.getByTestId('student-name')).not.toHaveText(firstStudent, { timeout: 60_000 });
  const nextName = (await page.getByTestId('student-name').textContent())!.split(' ')[0]!;

  const bank = page.getByTestId('comment-bank');
  const kept = bank.getByTestId('banked-comment');
  await expect(kept).toHaveCount(1, { timeout: 30_000 });
  await expect(kept).toContainText('[name], your evidence is strong. Add a counterargument.');
  await expect(bank).not.toContainText(firstName);

  // One key: Alt+1 adds the first kept comment, with this student's first name.
  await page.getByTestId('feedback-input').fill('Good structure.');
  await page.getByTestId('feedback-input').press('Alt+1');
  await expect(page.getByTestId('feedback-input')).toHaveValue(
    `Good structure.\n\n${nextName}, your evidence is strong. Add a counterargument.`,
  );
  // Searchable: Enter in the search adds the first match.
  await page.getByTestId('feedback-input').fill('');
  await bank.getByTestId('comment-bank-search').fill('counterarg');
  await bank.getByTestId('comment-bank-search').press('Enter');
  await expect(page.getByTestId('feedback-input')).toHaveValue(
    `${nextName}, your evidence is strong. Add a counterargument.`,
  );
  await bank.getByTestId('comment-bank-search').fill('');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/comment-bank.png`, fullPage: true });

  await kept.getByRole('button', { name: 'Pin' }).click();
  await expect(kept).toHaveAttribute('data-pinned', 'true');
  await kept.getByRole('button', { name: 'Edit' }).click();
  await bank.getByRole('textbox', { name: 'Edit the kept comment' }).fill('[name], name the source of your evidence.');
  await bank.getByRole('button', { name: 'Keep changes' }).click();
  await expect(kept).toContainText('[name], name the source of your evidence.');
  await kept.getByRole('button', { name: 'Delete' }).click();
  await expect(bank).toHaveCount(0);
});
