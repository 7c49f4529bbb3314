import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInThroughApi, signUpThroughApi, openPage } from './support';

/** A plan (or, with no plan, an extra pack) bought through the test-mode API (the checkout pages have their own tests). */
async function buyPlanThroughApi(page: Page, accessToken: string, planName: string | null) {
  const outcome = await page.evaluate(
    async ({ token, plan }) => {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const started = plan
        ? await fetch('/api/billing/checkout', {
            method: 'POST',
            headers,
            body: JSON.stringify({ planName: plan, isYearly: false }),
          })
        : await fetch('/api/billing/submission-purchase', {
            method: 'POST',
            headers,
            body: JSON.stringify({ returnTo: '/settings' }),
          });
      const { url } = await started.json();
      const checkoutId = /\/billing\/checkout\/([0-9a-f-]{36})/.exec(url)![1];
      const completed = await fetch(`/api/billing/test-mode/checkouts/${checkoutId}/complete`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
      });
      return completed.status;
    },
    { token: accessToken, plan: planName },
  );
  expect(outcome).toBe(200);
}

test('counts use a thousands separator on the dashboard and in settings', async ({ page, teacherWithDemoCanvas }) => {
  const teacher = teacherWithDemoCanvas;
  await teacher.open('/dashboard');
  await buyPlanThroughApi(page, teacher.accessToken, 'Full-Time Plan');
  await openPage(page, '/dashboard');
  await expect(page.getByTestId('usage-count')).toHaveText('0 of 2,000 used');
  await expect(page.getByTestId('usage-card')).toContainText('2,000 remaining');
  await openPage(page, '/settings');
  const card = page.getByTestId('subscription-card');
  await expect(card).toContainText('2,000 submissions per month');
  await expect(card).toContainText('0 of 2,000 submissions used');
  await expect(card).not.toContainText(/\b2000\b/);
});

test('an extra pack bought and not used stays on the usage card after an upgrade', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  const teacher = teacherWithDemoCanvas;
  await teacher.open('/dashboard');
  await buyPlanThroughApi(page, teacher.accessToken, 'Core Plan');
  await buyPlanThroughApi(page, teacher.accessToken, null);
  await openPage(page, '/dashboard');
  await expect(page.getByTestId('usage-count')).toHaveText('0 of 850 used');
  await buyPlanThroughApi(page, teacher.accessToken, 'Full-Time Plan');
  await openPage(page, '/dashboard');
  await expect(page.getByTestId('usage-count')).toHaveText('0 of 2,100 used');
  await openPage(page, '/settings');
  await expect(page.getByTestId('settings-usage-count')).toHaveText('0 of 2,100 submissions used');
});

test('the Connected banner is compact on a desktop dashboard', async ({ page, teacherWithDemoCanvas }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await teacherWithDemoCanvas.open('/dashboard');
  await openPage(page, '/dashboard');
  const banner = page.getByTestId('canvas-connected-banner');
  await expect(banner).toContainText('Signed in to Canvas as');
  await expect(page.getByTestId('usage-card')).toBeVisible();
  const [bannerBox, usageBox] = await Promise.all([banner.boundingBox(), page.getByTestId('usage-card').boundingBox()]);
  expect(bannerBox!.height).toBeLessThan(130);
  expect(bannerBox!.height).toBeLessThan(usageBox!.height);
});

for (const width of [375, 1280]) {
  test(`toasts stay below the header's account buttons at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    const teacher = await signUpThroughApi(request);
    await signInThroughApi(page, teacher, '/settings');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Refreshed' });
    await expect(toast).toBeVisible();
    // The toast itself (not only the list that holds it) sits wholly below the header.
    const headerBox = (await page.locator('header').first().boundingBox())!;
    // Once it has slid in (its entry animation starts above its place).
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    // And the header's account buttons are still the topmost thing where they stand.
    let checked = 0;
    for (const button of await page
      .locator('header')
      .first()
      .getByRole('button')
      .or(page.locator('header').first().getByRole('link'))
      .all()) {
      if (!(await button.isVisible())) continue;
      checked += 1;
      const box = (await button.boundingBox())!;
      const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('header') !== null, {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      });
      expect(onTop, (await button.textContent()) ?? undefined).toBe(true);
    }
    expect(checked).toBeGreaterThan(0);
  });
}

test.describe('article Share without a share sheet', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }),
    );
  });

  test('says the URL was copied when the copy worked', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openPage(page, '/ai-pedagogy?article=digital-citizenship');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('URL copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('gives the address to copy by hand when the browser refuses', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
        configurable: true,
      });
      document.execCommand = () => false;
    });
    await openPage(page, '/ai-pedagogy?article=digital-citizenship');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('URL copied to clipboard!')).toHaveCount(0);
    const address = page.getByRole('textbox', { name: 'Article address' });
    await expect(address).toHaveValue(page.url());
    await page.waitForTimeout(5000); // still there after the usual toast time
    await expect(address).toBeVisible();
  });
});
