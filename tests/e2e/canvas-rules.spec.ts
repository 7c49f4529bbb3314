import { expect, test } from './fixtures';

test.use({ teacherName: "Zoë O'Connor-Nakamura" });

/** The built-in demo Canvas's English 10 course (late policy: 10 % per day, not below 50 %) and its argumentative essay. */
const COURSE_ID = 4201;
const ESSAY_ASSIGNMENT = 5002;
const SHOTS = process.env.SHOTS_DIR;

test('late work shows how late it is, the deduction Canvas applies and the grade that will stand', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  test.setTimeout(120_000);
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade?walk=everyone`);
  const jump = page.getByRole('combobox', { name: 'Jump to Student' });
  await expect(jump).toBeVisible();
  const late = jump.locator('option', { hasText: '(Late)' }).first();
  await jump.selectOption({ label: (await late.textContent())! });
  await expect(page.getByTestId('submission-status')).toHaveText(/^Late/);
  const userId = Number(new URL(page.url()).searchParams.get('student'));
  const canvas = await demoCanvas.get<{ seconds_late: number }>(
    `courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/submissions/${userId}`,
  );
  const days = Math.ceil(canvas.seconds_late / 86_400);
  const deducted = Math.min(10 * days, 30);

  const notice = page.getByTestId('late-notice');
  await expect(notice).toContainText(/Handed in (\d+ days?( \d+ h)?|\d+ hours?|less than an hour) late/);
  await expect(notice).toContainText("The course's late policy takes 10 % per day late, not below 50 %.");
  await page.getByTestId('grade-input').fill('80');
  await expect(page.getByTestId('grade-after-late')).toHaveText(`${80 - deducted} / 100`);
  await expect(notice).toContainText(`Canvas takes ${deducted} off`);
  if (SHOTS) {
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/late-notice-1280.png` });
    await page.setViewportSize({ width: 768, height: 1000 });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/late-notice-768.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // Margin sends the grade as typed; Canvas takes the deduction off itself, once.
  await page.getByTestId('feedback-input').fill('A clear claim with strong evidence.');
  const bar = page.getByTestId('save-bar');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(bar.getByTestId('save-status-line')).toContainText(
    `Canvas stored: 80 / 100, ${80 - deducted} after Canvas's late deduction of ${deducted}`,
  );
  const stored = await demoCanvas.get<{ entered_score: number; score: number; points_deducted: number }>(
    `courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/submissions/${userId}`,
  );
  expect(stored).toMatchObject({ entered_score: 80, score: 80 - deducted, points_deducted: deducted });
});

test('a moderated assignment says why Margin will not grade it, with Draft and Save shut', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  test.setTimeout(120_000);
  const assignments = await demoCanvas.get<Array<{ id: number; moderated_grading: boolean }>>(
    'courses/4203/assignments?per_page=100',
  );
  const moderated = assignments.find((assignment) => assignment.moderated_grading)!;
  await teacherWithDemoCanvas.open(`/courses/4203/assignments/${moderated.id}/grade`);
  await expect(page.getByTestId('student-name')).toBeVisible();
  const panel = page.getByTestId('grade-panel');
  await expect(panel).toContainText('This assignment uses moderated grading in Canvas');
  await expect(panel.getByRole('button', { name: 'Draft with AI' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Moderated in Canvas' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Draft the whole class' })).toHaveCount(0);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/moderated-1280.png` });
    await page.setViewportSize({ width: 768, height: 1000 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/moderated-768.png` });
  }
});

test('with 3 credits left she is told before she starts a student; with none, Save says why and keeps her work', async ({
  page,
  request,
  teacherWithDemoCanvas,
}) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${teacherWithDemoCanvas.accessToken}` };
  const base = `/api/grading/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}`;
  const view = await (await request.get(base, { headers })).json();
  const waiting = (view.submissions as Array<{ id: string; user_id: number; workflow_state: string }>).filter(
    (submission) => submission.workflow_state === 'submitted' && !submission.id.startsWith('placeholder_'),
  );
  // The Free Trial has 10: spend 7 through the API.
  const spend = async (students: typeof waiting) => {
    for (const student of students) {
      const saved = await request.put(`${base}/grades/${student.user_id}`, {
        headers,
        data: { submissionId: student.id, grade: 75, comment: '' },
      });
      expect(saved.status()).toBe(200);
    }
  };
  await spend(waiting.slice(0, 7));

  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade`);
  await expect(page.getByTestId('student-name')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('usage-notice')).toContainText('3 of 10 submissions left in this billing period.');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/three-left-1280.png` });

  await spend(waiting.slice(7, 10));
  // Opened afresh, the screen lands on the next student still waiting.
  await page.goto(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade`);
  await expect(page.getByTestId('student-name')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('usage-notice')).toContainText("You've reached your limit of 10 submissions");
  const name = (await page.getByTestId('student-name').textContent())!;
  await page.getByTestId('grade-input').fill('82');
  await page.getByTestId('feedback-input').fill('Kept though no credit is left.');
  await page.getByTestId('save-bar').getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(page.getByTestId('save-bar')).toContainText(/limit/i);
  await expect(page.getByTestId('student-name')).toHaveText(name);
  await expect(page.getByTestId('grade-input')).toHaveValue('82');
  await expect(page.getByTestId('feedback-input')).toHaveValue('Kept though no credit is left.');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/none-left-1280.png` });
});
