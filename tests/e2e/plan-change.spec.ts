import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { signInThroughApi, signUpThroughApi, openPage } from './support';

const SHOTS = '/work/wt/_shots/rough-edges-2';

/** The checkout opens in a new tab (spec part 1 §4); resolves with that tab once it shows the checkout. */
async function openCheckout(context: BrowserContext, trigger: Locator): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), trigger.click()]);
  await tab.waitForURL(/\/billing\/checkout\/[0-9a-f-]{36}\?return=/);
  await expect(tab.getByText('TEST MODE — no real payment')).toBeVisible();
  return tab;
}

test('changing plan from Pricing says what it replaces, what is due now and the credit, and offers the other interval', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const teacher = await signUpThroughApi(request, 'Katherine Johnson');
  await signInThroughApi(page, teacher, '/pricing');
  const bought = await openCheckout(context, page.getByRole('button', { name: 'Choose Core' }));
  await bought.getByRole('button', { name: 'Complete test purchase' }).click();
  await expect(bought.getByText('Your Core Plan is now active.')).toBeVisible();
  await bought.close();

  const core = page.getByTestId('plan-core-plan');
  await expect(core.getByRole('button', { name: 'Current Plan' })).toBeDisabled();

  // The same plan at the other interval is a switch, not "Current Plan".
  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(core.getByText('Your plan, billed monthly')).toBeVisible();
  await expect(core.getByText('Current Plan')).toHaveCount(0);
  await core.getByRole('button', { name: 'Switch to yearly' }).click();
  const toYearly = page.getByRole('dialog', { name: 'Change to the Core Plan (yearly)?' });
  await expect(toYearly).toContainText('This replaces your current Core Plan (monthly).');
  await expect(toYearly.getByTestId('plan-change-due-now')).toHaveText('$199.90');
  // Bought moments ago: almost all of the $19.99 month is unused, and credited.
  await expect(toYearly.getByTestId('plan-change-credit')).toHaveText(/^−\$19\.9\d$/);
  await expect(toYearly).toContainText('Credit for the unused part of your Core Plan, on your next invoice');
  await page.screenshot({ path: `${SHOTS}/1280-pricing-plan-change-dialog.png` });
  await toYearly.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(toYearly).toBeHidden();

  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(core.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await page.getByTestId('plan-full-time-plan').getByRole('button', { name: 'Switch to Full-Time' }).click();
  const toFullTime = page.getByRole('dialog', { name: 'Change to the Full-Time Plan (monthly)?' });
  await expect(toFullTime).toContainText('This replaces your current Core Plan (monthly).');
  await expect(toFullTime.getByTestId('plan-change-due-now')).toHaveText('$69.99');
  await expect(toFullTime.getByTestId('plan-change-credit')).toHaveText(/^−\$19\.9\d$/);

  const checkout = await openCheckout(context, toFullTime.getByRole('button', { name: 'Continue to checkout' }));
  await expect(checkout.getByTestId('checkout-total')).toHaveText('$69.99');
  await checkout.getByRole('button', { name: 'Complete test purchase' }).click();
  await expect(checkout.getByText('Your Full-Time Plan is now active.')).toBeVisible();
  await checkout.goto('/settings');
  await expect(checkout.getByTestId('subscription-tier')).toHaveText('Full-Time Plan');
  await expect(checkout.getByTestId('settings-usage-count')).toHaveText('0 of 2,000 submissions used');
  await expect(page.getByTestId('plan-full-time-plan').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
});

test('the return from a hosted checkout: a plan says it is active, an extra pack says the spec’s text', async ({
  page,
  request,
}) => {
  const teacher = await signUpThroughApi(request, 'Annie Easley');
  // The addresses Stripe sends the teacher back to (start-checkout.ts), opened directly.
  // This teacher bought nothing: the address alone never makes a plan 'active'.
  await signInThroughApi(page, teacher, '/dashboard?purchase=success&plan=Full-Time%20Plan');
  await expect(page.getByText('Purchase Successful!')).toBeVisible();
  await expect(
    page.getByText(
      'Your payment for the Full-Time Plan went through. It shows here as soon as the payment service confirms it.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Your Full-Time Plan is now active.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);

  await openPage(page, '/settings?purchase=success');
  await expect(page.getByText('Your additional submissions have been added.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  // A name that is not a plan of the catalogue is never repeated back.
  await openPage(page, '/pricing?purchase=success&plan=Gold%20Plan');
  await expect(page.getByText('Your additional submissions have been added.')).toBeVisible();
  await expect(page.getByText(/Gold/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/pricing$/);

  await openPage(page, '/dashboard?purchase=cancelled');
  await expect(page.getByText('Purchase Cancelled')).toBeVisible();
  await expect(page.getByText('Your purchase was cancelled.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
