import type { Page } from '@playwright/test';
import { expect, test, type DemoCanvas, type Teacher } from './fixtures';

/**
 * Every kind of Canvas rubric on the grading screen (decision 066): ranges, criteria not counted,
 * outcome mastery points, hidden points, free-form comments; the rubric switch kept per assignment;
 * a blank rubric on a rubric-graded assignment said before the save.
 */
const COURSE_ID = 4201;
const SHOTS = process.env.SHOTS_DIR;
test.setTimeout(300_000);
test.use({ teacherName: "Zoë O'Brien-Nuñez" });

async function assignmentId(canvas: DemoCanvas, nameStart: string): Promise<number> {
  const assignments = await canvas.get<Array<{ id: number; name: string }>>(
    `courses/${COURSE_ID}/assignments?per_page=100`,
  );
  return assignments.find((assignment) => assignment.name.startsWith(nameStart))!.id;
}

async function openShape(page: Page, teacher: Teacher, canvas: DemoCanvas, nameStart: string) {
  const id = await assignmentId(canvas, nameStart);
  await teacher.open(`/courses/${COURSE_ID}/assignments/${id}/grade`);
  await expect(page.getByTestId('submission-body')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('rubric-criterion').first()).toBeVisible();
  return id;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.getByRole('group', { name: 'Rubric' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/rubric-${name}.png` });
}

test('each rubric shape shows what it is on the grading screen', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  await openShape(page, teacherWithDemoCanvas, demoCanvas, 'Research Summary: Teens and Sleep');
  await expect(page.getByTestId('rubric-range').first()).toBeVisible();
  // A range rating reads as its range ("Proficient (3–4)").
  await expect(
    page
      .getByTestId('rubric-rating')
      .filter({ hasText: /\(\d+(\.\d+)?–\d+(\.\d+)?\)/ })
      .first(),
  ).toBeVisible();
  await shot(page, 'range');

  await openShape(page, teacherWithDemoCanvas, demoCanvas, 'Argument Revision');
  await expect(page.getByTestId('rubric-not-counted')).toHaveCount(1);
  // The total leaves the criterion that does not count out: 20, not 25.
  await expect(page.getByTestId('rubric-total')).toContainText('/ 20');
  await shot(page, 'not-counted');

  await openShape(page, teacherWithDemoCanvas, demoCanvas, 'Source Analysis');
  await expect(page.getByTestId('rubric-outcome')).toHaveCount(2);
  await expect(page.getByTestId('rubric-outcome').first()).toContainText(/mastery at \d+(\.\d+)? points/);
  await shot(page, 'outcomes');

  await openShape(page, teacherWithDemoCanvas, demoCanvas, 'Book Talk Reflection');
  await expect(page.getByTestId('rubric-points-hidden')).toBeVisible();
  await shot(page, 'hidden-points');

  await openShape(page, teacherWithDemoCanvas, demoCanvas, 'Reading Response: "The Lottery"');
  await expect(page.getByRole('textbox', { name: /^Comment for / }).first()).toHaveAttribute(
    'placeholder',
    'Your own comment on this criterion',
  );
  await shot(page, 'free-form');
});

test('the rubric switch is remembered per assignment, and a blank rubric is said before the save', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  await openShape(page, teacherWithDemoCanvas, demoCanvas, 'Journal Entry 1');
  const rubricSwitch = page.getByRole('switch', { name: /^Grade with the rubric/ });
  await expect(rubricSwitch).not.toBeChecked();
  await rubricSwitch.click();
  await expect(rubricSwitch).toBeChecked();
  // The grade is typed and the rubric left blank on an assignment graded from its rubric.
  await page.getByTestId('grade-input').fill('15');
  await expect(page.getByTestId('blank-rubric-warning')).toContainText('the rubric is blank');
  await shot(page, 'blank-warning');
  await page
    .getByRole('radio', { name: /^Exemplary/ })
    .first()
    .check();
  await expect(page.getByTestId('blank-rubric-warning')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('submission-body')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('switch', { name: /^Grade with the rubric/ })).toBeChecked();

  // Another assignment keeps its own choice: off.
  await openShape(page, teacherWithDemoCanvas, demoCanvas, 'Journal Entry 2');
  await expect(page.getByRole('switch', { name: /^Grade with the rubric/ })).not.toBeChecked();
});
