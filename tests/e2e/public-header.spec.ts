import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi, signUpThroughApi } from './support';

const SHOTS = '/work/wt/_shots/rough-edges-2';
const NAV = ['Home', 'AI Literacy', 'Pricing', 'Features', 'About'];

/** Holds every session check (POST /api/auth/refresh) until the test lets it through. */
async function holdSessionCheck(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/refresh', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the header shows its links at once; only the account area waits for the session check', async ({ page }) => {
  const release = await holdSessionCheck(page);
  await page.goto('/pricing');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of NAV) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Margin home' })).toBeVisible();
  await expect(page.getByTestId('account-skeleton').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/1280-header-session-held.png` });

  // The links already work while the session is still being checked.
  await nav.getByRole('link', { name: 'Features', exact: true }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(nav.getByRole('link', { name: 'Features', exact: true })).toBeVisible();

  release();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByTestId('account-skeleton')).toHaveCount(0);
});

test('the prerendered HTML carries the header links', async ({ request }) => {
  const html = await (await request.get('/about')).text();
  for (const href of ['/ai-literacy', '/pricing', '/features', '/about']) expect(html).toContain(`href="${href}"`);
});

test('on a phone the menu opens with its links while the session is checked; signed in, the account area follows', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const teacher = await signUpThroughApi(request, 'Mary Jackson');
  await signInThroughApi(page, teacher, '/about');
  const release = await holdSessionCheck(page);
  await page.reload();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  // The button is in the HTML before React runs; a click before hydration does nothing, so try again.
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible({ timeout: 1000 });
  }).toPass();
  for (const label of NAV) await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/375-header-menu-session-held.png` });
  release();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Dashboard' })).toBeVisible();
});
