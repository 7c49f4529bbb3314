import { test, expect, type DemoCanvas } from './fixtures';

type CanvasAssignment = {
  id: number;
  name: string;
  points_possible: number;
  rubric?: Array<{ id: string; description: string; points: number }>;
};
type CanvasSubmission = {
  user_id: number;
  score: number | null;
  excused: boolean | null;
  missing: boolean;
  late: boolean;
  rubric_assessment?: Record<string, { points: number | null }>;
};

/** The same figures the Analytics tab shows, computed here from the demo Canvas's own API. */
async function expectedFigures(canvas: DemoCanvas, courseId: number, name: string) {
  const assignments = await canvas.get<CanvasAssignment[]>(`courses/${courseId}/assignments?per_page=100`);
  const assignment = assignments.find((a) => a.name.startsWith(name))!;
  const enrollments = await canvas.get<Array<{ user_id: number }>>(
    `courses/${courseId}/enrollments?type[]=StudentEnrollment&state[]=active&per_page=100`,
  );
  const active = new Set(enrollments.map((e) => e.user_id));
  const rows = (
    await canvas.get<CanvasSubmission[]>(
      `courses/${courseId}/assignments/${assignment.id}/submissions?include[]=rubric_assessment&per_page=100`,
    )
  ).filter((s) => active.has(s.user_id));
  const graded = rows.filter((s) => s.score !== null && !s.excused);
  const percents = graded.map((s) => (s.score! / assignment.points_possible) * 100).sort((a, b) => a - b);
  const half = percents.length / 2;
  const median = percents.length % 2 ? percents[Math.floor(half)]! : (percents[half - 1]! + percents[half]!) / 2;
  const criteria = (assignment.rubric ?? []).map((criterion) => {
    const points = graded
      .map((s) => s.rubric_assessment?.[criterion.id]?.points)
      .filter((p): p is number => typeof p === 'number');
    const average = points.reduce((a, b) => a + b, 0) / points.length;
    return { description: criterion.description, share: Math.round((average / criterion.points) * 100) };
  });
  return {
    assignment,
    students: active.size,
    graded: graded.length,
    missing: rows.filter((s) => s.missing && !s.excused).length,
    late: rows.filter((s) => s.late && !s.excused).length,
    excused: rows.filter((s) => s.excused).length,
    median: Math.round(median * 10) / 10,
    criteria,
  };
}

const percentText = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

test('the Analytics tab shows the figures the demo Canvas holds', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  const expected = await expectedFigures(demoCanvas, 4201, 'Personal Narrative');
  await teacherWithDemoCanvas.open('/courses/4201');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  // The first reading of Canvas may take a while on a loaded machine.
  await expect(page.getByTestId('trend-chart')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Assignment', { exact: true }).selectOption(String(expected.assignment.id));

  const figures = page.getByTestId('assignment-figures');
  await expect(figures.getByTestId('count-graded')).toHaveText(`${expected.graded} of ${expected.students}`);
  await expect(figures.getByTestId('count-missing')).toHaveText(String(expected.missing));
  await expect(figures.getByTestId('count-late')).toHaveText(String(expected.late));
  await expect(figures.getByTestId('count-excused')).toHaveText(String(expected.excused));
  await expect(figures.getByTestId('median')).toContainText(`Median ${percentText(expected.median)}`);

  // Each chart has an accessible name and a table view with the same figures.
  const histogram = figures.getByTestId('histogram');
  await expect(histogram.getByRole('img')).toHaveAccessibleName(new RegExp(`Median ${percentText(expected.median)}`));
  await histogram.getByRole('button', { name: /Show table/ }).click();
  const bandCounts = await histogram.locator('tbody td').allTextContents();
  expect(bandCounts.map(Number).reduce((a, b) => a + b, 0)).toBe(expected.graded);

  const criteria = figures.getByTestId('criteria-chart');
  await criteria.getByRole('button', { name: /Show table/ }).click();
  for (const criterion of expected.criteria) {
    await expect(criteria.getByRole('row', { name: new RegExp(`^${criterion.description}`) })).toContainText(
      `${criterion.share}%`,
    );
  }
  const reteach = page.getByTestId('reteach');
  await expect(reteach.getByRole('listitem')).toHaveCount(expected.criteria.length >= 5 ? 3 : 2);
  await expect(reteach).toContainText('Next step up');

  // The filter by group says what it left out and why.
  await page.getByLabel('Assignment group').selectOption({ label: 'Quizzes' });
  await expect(page.getByTestId('analytics-coverage')).toContainText('outside the group or dates chosen');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download analytics (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('english-10-literature-composition-analytics.csv');
});

test('the Students tab lists the class, opens a student, and the keyboard finds its way back', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  const enrollments = await demoCanvas.get<Array<{ user: { name: string }; grades: { current_score: number | null } }>>(
    'courses/4201/enrollments?type[]=StudentEnrollment&state[]=active&per_page=100',
  );
  await teacherWithDemoCanvas.open('/courses/4201');
  const studentsTab = page.getByRole('tab', { name: 'Students' });
  await studentsTab.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('student-row')).toHaveCount(enrollments.length, { timeout: 30_000 });
  const someone = enrollments.find((e) => e.grades.current_score !== null)!;
  const row = page.getByTestId('student-row').filter({ hasText: someone.user.name });
  await expect(row.getByTestId('student-score')).toHaveText(percentText(someone.grades.current_score!));

  const nameButton = row.getByRole('button', { name: someone.user.name });
  await nameButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: someone.user.name })).toBeFocused();
  await expect(page.getByTestId('student-work').first()).toBeVisible();
  await page.getByRole('button', { name: 'All students' }).press('Enter');
  await expect(
    page.getByTestId('student-row').filter({ hasText: someone.user.name }).getByRole('button'),
  ).toBeFocused();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download students (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('english-10-literature-composition-students.csv');
});

test('a student with work waiting links to grading it in Margin', async ({ page, teacherWithDemoCanvas }) => {
  await teacherWithDemoCanvas.open('/courses/4201');
  await page.getByRole('tab', { name: 'Students' }).click();
  const rows = page.getByTestId('student-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  // Open students until one has an open piece of work (most of the class has the essay waiting).
  for (let index = 0; index < 10; index++) {
    await rows.nth(index).getByRole('button').click();
    await expect(page.getByTestId('student-work').first()).toBeVisible();
    const grade = page.getByRole('link', { name: /in Margin$/ }).first();
    if (await grade.count()) {
      await grade.click();
      await expect(page).toHaveURL(/\/grade\?student=\d+$/);
      return;
    }
    await page.getByRole('button', { name: 'All students' }).click();
  }
  throw new Error('no student with work waiting');
});

for (const width of [375, 768, 1280]) {
  test(`both tabs fit and read at ${width} px`, async ({ page, teacherWithDemoCanvas }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await teacherWithDemoCanvas.open('/courses/4201');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByTestId('reteach')).toBeVisible({ timeout: 30_000 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`analytics-${width}.png`), fullPage: true });

    await page.getByRole('tab', { name: 'Students' }).click();
    await expect(page.getByTestId('student-row').first()).toBeVisible({ timeout: 30_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`students-${width}.png`), fullPage: true });
  });
}

test('a course with no grades says so instead of drawing an empty chart', async ({
  page,
  teacherWithDemoCanvas,
}, testInfo) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await teacherWithDemoCanvas.open('/courses/4204');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByTestId('analytics-empty')).toContainText('No grades yet', { timeout: 30_000 });
  await expect(page.getByTestId('trend-chart')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('analytics-empty-768.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Students' }).click();
  await expect(page.getByText('No active students')).toBeVisible();
});
