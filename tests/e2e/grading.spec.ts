import { expect, test } from './fixtures';

test.use({ teacherName: 'Frederick Douglass' });

test('a teacher drafts, edits, saves with the keyboard, and the grade lands in Canvas', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  await teacherWithDemoCanvas.open('/assignments');
  const card = page.getByTestId('needs-grading-card').first();
  await card.getByRole('link', { name: /Start Grading/ }).click();
  await expect(page.getByTestId('student-name')).toBeVisible();
  const [, courseId, assignmentId] = /courses\/(\d+)\/assignments\/(\d+)/.exec(page.url())!;

  // Start Grading opens on work waiting for a grade, and J walks to the next such work.
  await expect(page.getByTestId('submission-status')).toHaveText(/^(Submitted|Late)/);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/[?&]student=\d+/);
  await expect(page.getByTestId('submission-status')).toHaveText(/^(Submitted|Late)/);
  const position = await page.getByTestId('student-position').textContent();
  const studentName = await page.getByTestId('student-name').textContent();
  // The place is in the address: a reload opens the same student.
  await expect(page).toHaveURL(/[?&]student=\d+/);
  await page.reload();
  await expect(page.getByTestId('student-name')).toHaveText(studentName ?? '');

  await page.keyboard.press('d');
  await expect(
    page
      .getByTestId('save-bar')
      .getByText(/^AI formative grading generated using (assignment description|rubric criteria)!/),
    // The class's first draft fits the teacher's scale first: slow on a busy machine.
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('draft-details')).toBeVisible();
  await expect(page.getByTestId('grade-review')).not.toBeEmpty();
  await expect(page.getByTestId('offline-engine-note')).toBeVisible();
  // The draft took the keyboard to the grade; Esc leaves it for the single-key shortcuts.
  await expect(page.getByTestId('grade-input')).toBeFocused();
  await page.keyboard.press('Escape');

  // Quick-fill 90 %, then edit the feedback.
  await page.keyboard.press('2');
  const grade = await page.getByTestId('grade-input').inputValue();
  expect(Number(grade)).toBeGreaterThan(0);
  await page.getByTestId('feedback-input').fill('Strong argument. Tighten the conclusion.');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('save-bar').getByText('Grade and feedback saved to Canvas')).toBeVisible();
  // Save-and-next moved on.
  await expect(page.getByTestId('student-position')).not.toHaveText(position ?? '');
  await expect(page.getByTestId('student-name')).not.toHaveText(studentName ?? '');

  // Read it back from Canvas.
  const submissions = await demoCanvas.get<
    Array<{
      entered_score: number | null;
      user: { name: string };
      submission_comments: Array<{ comment: string }>;
    }>
  >(
    `/courses/${courseId}/assignments/${assignmentId}/submissions?include[]=user&include[]=submission_comments&per_page=100`,
  );
  const saved = submissions.find((submission) => submission.user.name === studentName);
  // As entered: on late work Canvas's late policy takes its deduction from the score.
  expect(saved?.entered_score).toBe(Number(grade));
  expect(saved?.submission_comments.map((comment) => comment.comment)).toContain(
    'Strong argument. Tighten the conclusion.',
  );

  await page.goto('/dashboard');
  await expect(page.getByTestId('usage-count')).toHaveText('1 of 10 used');
});

test('a submission carrying script, an event handler and a javascript: link runs nothing', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await teacherWithDemoCanvas.open('/courses');
  await page
    .getByTestId('course-card')
    .filter({ hasText: 'English 10' })
    .getByRole('link', { name: /View Course/ })
    .click();
  const argumentRow = page.getByTestId('assignment-row').filter({ hasText: 'Should School Start Later?' }).first();
  await argumentRow.getByRole('link', { name: /Grade/ }).click();
  await expect(page.getByTestId('student-name')).toBeVisible();
  // Everyone, not only those waiting: another test may have graded the student who planted the script.
  await page.getByRole('combobox', { name: 'Show' }).selectOption('everyone');
  await expect(page).toHaveURL(/[?&]walk=everyone/);
  // From the first student of the list.
  for (let step = 0; step < 60; step += 1) {
    if ((await page.getByTestId('student-position').textContent())?.startsWith('Student 1 of')) break;
    await page.keyboard.press('k');
  }
  await expect(page.getByTestId('student-position')).toHaveText(/^Student 1 of/);

  let found = false;
  const total = Number((await page.getByTestId('student-position').textContent())!.split(' of ')[1]);
  for (let step = 0; step < total; step += 1) {
    if (
      (await page.getByTestId('submission-body').count()) > 0 &&
      (await page.getByTestId('submission-body').textContent())?.includes('Works cited (click here)')
    ) {
      found = true;
      break;
    }
    await page.keyboard.press('j');
  }
  expect(found).toBe(true);
  const body = page.getByTestId('submission-body');
  expect(await body.locator('script').count()).toBe(0);
  expect(await body.locator('[onerror]').count()).toBe(0);
  // The javascript: address is gone, so the anchor is no longer even a link.
  const anchor = body.locator('a', { hasText: 'Works cited (click here)' });
  await expect(anchor).toHaveCount(1);
  expect(await anchor.getAttribute('href')).toBeNull();
  await anchor.click();
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});
