import { expect, test } from './fixtures';
import { signInThroughApi, signUpThroughApi } from './support';

test('a new teacher connects the demo Canvas and sees the banner', async ({ page, request }) => {
  const teacher = await signUpThroughApi(request, 'Booker Washington');
  await signInThroughApi(page, teacher, '/dashboard');
  await expect(page.getByText('Connect your Canvas account')).toBeVisible();
  await expect(page.getByTestId('tile-Needs Grading')).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('link', { name: 'Connect Canvas' }).click();
  await expect(page).toHaveURL(/\/canvas-setup$/);
  const test_ = page.getByRole('button', { name: 'Test Connection' });
  const save = page.getByRole('button', { name: 'Save & Continue' });
  await expect(test_).toBeDisabled();
  await expect(save).toBeDisabled();

  await page.getByRole('button', { name: 'Try the demo Canvas' }).click();
  await expect(page.getByLabel('Canvas API Token')).toHaveAttribute('type', 'password');
  // Saving before a successful test is refused with the spec's text.
  await save.click();
  await expect(page.getByText('Connection Not Verified')).toBeVisible();
  await expect(page.getByText('Please test your connection first to ensure the settings are correct.')).toBeVisible();

  await test_.click();
  await expect(page.getByText('Connection Successful!')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toContainText('Connected as');
  // Editing resets the status.
  await page.getByLabel('Canvas URL').press('End');
  await page.getByLabel('Canvas URL').type('/');
  await expect(page.getByTestId('connection-status')).toContainText('Not connected');
  await test_.click();
  await expect(page.getByTestId('connection-status')).toContainText('Connected as');
  await save.click();
  await expect(page.getByText('Canvas Connected!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('canvas-connected-banner')).toContainText('Connected to Canvas');
  await expect(page.getByTestId('canvas-connected-banner')).toContainText('/demo-canvas');
  await expect(page.getByTestId('tile-Needs Grading')).not.toHaveAttribute('aria-disabled', 'true');

  await page.goto('/settings');
  await expect(page.getByTestId('canvas-instance-url')).toContainText('/demo-canvas');
  await expect(page.getByRole('link', { name: 'Update' })).toHaveAttribute('href', '/canvas-setup');
});

test('a wrong token is reported without saving', async ({ page, request }) => {
  const teacher = await signUpThroughApi(request);
  await signInThroughApi(page, teacher, '/canvas-setup');
  await page.getByRole('button', { name: 'Try the demo Canvas' }).click();
  await page.getByLabel('Canvas API Token').fill('definitely-not-a-token');
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('Connection Failed')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toContainText(/token/i);
});

test('courses: filters, refresh, every tab of a course, and a missing course', async ({ page, teacherWithDemoCanvas }) => {
  await teacherWithDemoCanvas.open('/courses');
  const cards = page.getByTestId('course-card');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  await expect(page.getByTestId('course-count')).toHaveText(`Showing ${total} of ${total} courses`);

  await page.getByRole('button', { name: 'Unpublished' }).click();
  await expect(cards).not.toHaveCount(total);
  await expect(cards.first()).toContainText('Unpublished');
  await page.getByRole('button', { name: 'Favorites' }).click();
  await expect(page.getByTestId('course-count')).toContainText(`of ${total} courses`);
  await page.getByRole('button', { name: 'All Courses' }).click();
  await page.getByRole('button', { name: 'Refresh Courses' }).click();
  await expect(cards).toHaveCount(total);

  const withWork = cards.filter({ has: page.getByTestId('needs-grading-badge') }).first();
  await withWork.getByRole('link', { name: /View Course/ }).click();
  await expect(page.getByTestId('needs-grading-banner')).toBeVisible();
  await expect(page.getByTestId('info-term')).not.toBeEmpty();
  await expect(page.getByTestId('assignment-row').first()).toBeVisible();
  await page.getByRole('tab', { name: /Discussions/ }).click();
  await expect(page.getByTestId('discussion-row').first()).toBeVisible();
  await page.getByRole('tab', { name: /Quizzes/ }).click();
  await expect(page.getByTestId('quiz-row').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Students' }).click();
  await expect(page.getByText('Student roster: coming soon')).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByText('Course analytics: coming soon')).toBeVisible();

  await page.goto('/courses/999999');
  await expect(page.getByText('Course not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Courses' }).last().click();
  await expect(page).toHaveURL(/\/courses$/);
});

test('the Needs Grading list sorts, marks overdue work and starts grading', async ({ page, teacherWithDemoCanvas }) => {
  await teacherWithDemoCanvas.open('/assignments');
  const cards = page.getByTestId('needs-grading-card');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  await expect(page.getByTestId('needs-grading-footer')).toHaveText(`Showing ${count} ${count === 1 ? 'assignment' : 'assignments'} that need grading`);
  await expect(page.getByText('(Overdue)').first()).toBeVisible();
  const firstOldest = await cards.first().locator('h2').textContent();
  await page.getByLabel('Sort').selectOption('newest');
  await expect(cards.first().locator('h2')).not.toHaveText(firstOldest ?? '');
  await cards.first().getByRole('link', { name: /Start Grading/ }).click();
  await expect(page).toHaveURL(/\/courses\/\d+\/assignments\/\d+\/grade$/);
});
