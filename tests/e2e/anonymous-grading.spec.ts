import { expect, test } from './fixtures';

/** The demo Canvas's Environmental Science course, which has the assignment graded anonymously. */
const COURSE_ID = 4203;
const SHOTS = process.env.SHOTS_DIR;

type Enrollment = { user: { name: string; sortable_name: string; short_name?: string } };

test('an assignment graded anonymously names no student, on the page or in its title, and saves through Canvas', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  test.setTimeout(180_000);
  const assignments = await demoCanvas.get<Array<{ id: number; anonymous_grading: boolean }>>(
    `courses/${COURSE_ID}/assignments?per_page=100`,
  );
  const anonymous = assignments.find((assignment) => assignment.anonymous_grading)!;
  const enrollments = await demoCanvas.get<Enrollment[]>(
    `courses/${COURSE_ID}/enrollments?type[]=StudentEnrollment&per_page=100`,
  );
  const names = enrollments.flatMap(({ user }) => [user.name, user.sortable_name]);
  expect(names.length).toBeGreaterThan(20);
  const expectNoName = async () => {
    const text = (await page.locator('body').innerText()) + (await page.title());
    const options = await page.locator('option').allTextContents();
    for (const name of names) expect([text, ...options].join('\n')).not.toContain(name);
  };

  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${anonymous.id}/grade`);
  await expect(page.getByTestId('student-name')).toHaveText(/^Student \d+$/, { timeout: 60_000 });
  await expect(page.getByTestId('anonymous-grading')).toBeVisible();
  await expect(page.getByTestId('student-position')).toHaveText(/^1 of \d+ in this list$/);
  await expect(page.getByTestId('submission-status')).toHaveText(/^(Submitted|Late)/);
  await expectNoName();
  const student = (await page.getByTestId('student-name').textContent())!;

  await page.getByRole('button', { name: 'Draft with AI' }).click();
  const status = page.getByTestId('save-status-line');
  await expect(status).toContainText(/AI \w+ grading generated/, { timeout: 60_000 });
  await expect(status).toContainText(`For ${student}.`);
  await expectNoName();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/anonymous-grading-1280.png`, fullPage: true });

  await page.getByTestId('grade-input').fill('15');
  await page.getByTestId('save-bar').getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(status).toContainText('Canvas stored: 15 / 20', { timeout: 30_000 });
  await expectNoName();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/anonymous-grading-saved-1280.png`, fullPage: true });

  // Canvas holds it, read by the anonymous ids as a grader would.
  const rows = await demoCanvas.get<Array<{ anonymous_id: string; score: number | null }>>(
    `courses/${COURSE_ID}/assignments/${anonymous.id}/submissions?per_page=100`,
  );
  expect(rows.filter((row) => row.score === 15).length).toBeGreaterThanOrEqual(1);
});
