import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type Teacher } from './fixtures';

/** Buys the Core Plan in test mode, monthly or yearly, through the checkout page. */
async function buyCore(page: Page, request: APIRequestContext, teacher: Teacher, isYearly: boolean) {
  const checkout = await request.post('/api/billing/checkout', {
    headers: { authorization: `Bearer ${teacher.accessToken}` },
    data: { planName: 'Core Plan', isYearly, returnTo: '/pricing' },
  });
  expect(checkout.ok()).toBe(true);
  await teacher.open(((await checkout.json()) as { url: string }).url);
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await expect(page.getByText('Your Core Plan is now active.')).toBeVisible();
}

test('a teacher on a yearly plan opens Pricing on the yearly prices, her plan the current one', async ({
  page,
  request,
  teacher,
}) => {
  await buyCore(page, request, teacher, true);
  await page.goto('/pricing');
  const core = page.getByTestId('plan-core-plan');
  await expect(core.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(core.getByTestId('plan-price')).toHaveText('$199.90');
  await expect(core.getByText('/year')).toBeVisible();
  await expect(page.getByText('Save 2 months with yearly billing!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Current Plan' })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/pricing-yearly-teacher.png' });

  // Monthly is one click away, and kept on reload; her plan there is a switch.
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(page).toHaveURL(/\?billing=monthly$/);
  await expect(core.getByTestId('plan-price')).toHaveText('$19.99');
  await expect(core.getByRole('button', { name: 'Switch to monthly' })).toBeEnabled();
  await page.reload();
  await expect(core.getByTestId('plan-price')).toHaveText('$19.99');
  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(core.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
});

test('a teacher on a monthly plan opens Pricing on the monthly prices, her plan the current one', async ({
  page,
  request,
  teacher,
}) => {
  await buyCore(page, request, teacher, false);
  await page.goto('/pricing');
  const core = page.getByTestId('plan-core-plan');
  await expect(core.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(core.getByTestId('plan-price')).toHaveText('$19.99');
  await expect(core.getByText('/month')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Current Plan' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(page).toHaveURL(/\?billing=yearly$/);
  await expect(core.getByRole('button', { name: 'Switch to yearly' })).toBeEnabled();
});
