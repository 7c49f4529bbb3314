import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// One Canvas user (the demo teacher) authorises Margin in every test here; serial keeps "the newest
// approved integration" this test's own.
test.describe.configure({ mode: 'serial' });
test.use({ teacherName: 'Grace Hopper' });

/** The Connect with Canvas round trip: Margin → the demo Canvas's authorize page → back to Margin. */
async function connectWithCanvas(page: Page, buttonName = 'Connect with Canvas') {
  await page.getByRole('button', { name: buttonName }).click();
  await expect(page.getByRole('heading', { name: 'Margin is requesting access to your account' })).toBeVisible();
  await expect(page.getByText('You are signed in to the demo Canvas as Dana Whitfield.')).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('canvas-connected-banner')).toContainText('Connected to Canvas');
  // The code and state never stay in the address bar or the history entry.
  expect(page.url()).not.toContain('code=');
}

test('a teacher connects with Canvas by approving Margin in Canvas', async ({ page, teacher }) => {
  await teacher.open('/canvas-setup');
  const card = page.getByTestId('connect-with-canvas');
  await expect(card).toContainText('Sign in to Canvas and approve Margin');
  // The personal token path stays, labelled for a teacher on her own.
  await expect(page.getByText('For a teacher connecting on her own')).toBeVisible();
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/oauth-setup-${width}.png`, fullPage: true });
  }
  await connectWithCanvas(page);
  await expect(page.getByTestId('canvas-connected-banner')).toContainText('Signed in to Canvas as Dana Whitfield');
  await page.goto('/canvas-setup');
  await expect(page.getByTestId('oauth-status')).toContainText('Connected with Canvas as Dana Whitfield');
  await page.screenshot({ path: 'test-results/oauth-connected-1280.png', fullPage: true });
});

test('Cancel in Canvas comes back with a plain message and a way to try again', async ({ page, teacher }) => {
  await teacher.open('/canvas-setup');
  await page.getByRole('button', { name: 'Connect with Canvas' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('You chose Cancel in Canvas, so Margin is not connected.');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/oauth-cancelled-375.png' });
  await expect(page.getByRole('link', { name: 'Back to Connect Canvas' })).toBeVisible();
});

test('Margin renews the hour-long token by itself (shortened to seconds here)', async ({ page, teacher }) => {
  await teacher.open('/canvas-setup');
  await connectWithCanvas(page);
  // The access token has lapsed (8 s in the browser tests' demo Canvas); the teacher notices nothing.
  await page.waitForTimeout(9_000);
  await page.goto('/courses');
  await expect(page.getByText('English 10: Literature & Composition').first()).toBeVisible();
  await page.waitForTimeout(9_000);
  await page.goto('/dashboard');
  await expect(page.getByTestId('canvas-connected-banner')).toContainText('Signed in to Canvas as Dana Whitfield');
});

test('access removed in Canvas turns into Reconnect with Canvas, with the reason', async ({ page, teacher }) => {
  await teacher.open('/canvas-setup');
  await connectWithCanvas(page);
  // The teacher removes Margin under Approved integrations in Canvas.
  await page.goto('/demo-canvas/profile/settings');
  await page.getByRole('button', { name: 'Remove Margin' }).first().click();
  await page.goto('/dashboard');
  await expect(page.getByText('Canvas needs your attention')).toBeVisible();
  await expect(page.getByText('the access you gave Margin was removed in Canvas')).toBeVisible();
  await page.getByRole('link', { name: 'Reconnect with Canvas' }).click();
  await expect(page.getByTestId('oauth-status')).toContainText('Choose Reconnect with Canvas');
  await page.screenshot({ path: 'test-results/oauth-reconnect-1280.png', fullPage: true });
  await connectWithCanvas(page, 'Reconnect with Canvas');
});

test('Disconnect deletes the token at Canvas and in Margin', async ({ page, teacher }) => {
  await teacher.open('/canvas-setup');
  await connectWithCanvas(page);
  await page.goto('/demo-canvas/profile/settings');
  const approved = await page.getByRole('button', { name: 'Remove Margin' }).count();
  await page.goto('/canvas-setup');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect with Canvas' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Connect your Canvas account')).toBeVisible();
  // Canvas no longer lists this approval.
  await page.goto('/demo-canvas/profile/settings');
  await expect(page.getByRole('button', { name: 'Remove Margin' })).toHaveCount(approved - 1);
});
