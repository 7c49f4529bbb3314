import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { signInThroughApi, signUpThroughApi, openPage } from './support';

async function expectNoSeriousAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

/** The checkout opens in a new tab (spec part 1 §4); resolves with that tab once it shows the checkout. */
async function openCheckout(context: BrowserContext, trigger: Locator): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), trigger.click()]);
  await tab.waitForURL(/\/billing\/checkout\/[0-9a-f-]{36}\?return=/);
  await expect(tab.getByText('TEST MODE — no real payment')).toBeVisible();
  return tab;
}

test('the pricing page shows the plans, the yearly saving and the institutional plan', async ({ page }) => {
  await openPage(page, '/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const name of ['Free Trial', 'Lite Plan', 'Core Plan', 'Full-Time Plan', 'Super Plan', 'Institutional Plan']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  const core = page.getByTestId('plan-core-plan');
  await expect(core.getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('Most Popular')).toHaveCount(1);
  await expect(core.getByTestId('plan-price')).toHaveText('$19.99');
  await expect(core.getByText('/month')).toBeVisible();
  await expect(page.getByText('Save 2 months with yearly billing!')).toHaveCount(0);
  await expect(page.getByText(/^Save \$/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(page.getByText('Save 2 months with yearly billing!')).toBeVisible();
  await expect(page).toHaveURL(/\?billing=yearly$/);
  await expect(core.getByTestId('plan-price')).toHaveText('$199.90');
  await expect(core.getByText('/year')).toBeVisible();
  await expect(core.getByText('Save $39.98')).toBeVisible();
  await expect(page.getByTestId('plan-lite-plan').getByText('Save $19.98')).toBeVisible();
  await expect(page.getByTestId('plan-super-plan').getByText('Save $199.98')).toBeVisible();
  // The Free Trial costs nothing, so it saves nothing.
  await expect(page.getByTestId('plan-free-trial').getByText(/^Save/)).toHaveCount(0);
  await expect(page.getByText(/^Save \$/)).toHaveCount(4);

  await expect(page.getByRole('link', { name: 'Request Custom Quote' })).toHaveAttribute(
    'href',
    '/institutional-inquiry',
  );
  await expect(page.getByText('Get a personalized quote within 24 hours')).toBeVisible();

  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(page.getByText('Save 2 months with yearly billing!')).toHaveCount(0);

  // Signed out, every plan's button leads to sign-in.
  await core.getByRole('link', { name: 'Choose Core' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a teacher buys the Core plan and an extra pack in test mode and sees the new limits everywhere', async ({
  page,
  context,
  request,
}) => {
  const teacher = await signUpThroughApi(request, 'Grace Hopper');
  await signInThroughApi(page, teacher, '/pricing');
  const trial = page.getByTestId('plan-free-trial');
  await expect(trial.getByText('Current Plan', { exact: true }).first()).toBeVisible();
  await expect(trial.getByRole('button', { name: 'Current Plan' })).toBeDisabled();

  const checkout = await openCheckout(context, page.getByRole('button', { name: 'Choose Core' }));
  await expect(checkout.getByTestId('checkout-item')).toHaveText('Margin Core Plan');
  await expect(checkout.getByTestId('checkout-total')).toHaveText('$19.99');
  await checkout.getByRole('button', { name: 'Complete test purchase' }).click();

  // Back on the page the purchase started from: the toast, and the address loses ?purchase.
  await expect(checkout.getByText('Purchase Successful!')).toBeVisible();
  await expect(checkout.getByText('Your Core Plan is now active.')).toBeVisible();
  await expect(checkout).toHaveURL(/\/pricing$/);
  await expect(checkout.getByTestId('plan-core-plan').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  // The tab the teacher started from hears of it too.
  await expect(page.getByTestId('plan-core-plan').getByRole('button', { name: 'Current Plan' })).toBeDisabled();

  await checkout.goto('/settings');
  await expect(checkout.getByTestId('subscription-tier')).toHaveText('Core Plan');
  await expect(checkout.getByTestId('settings-usage-count')).toHaveText('0 of 750 submissions used');
  await checkout.getByRole('button', { name: 'Refresh' }).click();
  await expect(checkout.getByText('Subscription and usage data updated.')).toBeVisible();

  const pack = await openCheckout(context, checkout.getByRole('button', { name: 'Buy 100 for $5' }));
  await expect(pack.getByTestId('checkout-item')).toHaveText('100 extra submissions');
  await expect(pack.getByTestId('checkout-total')).toHaveText('$5');
  await pack.getByRole('button', { name: 'Complete test purchase' }).click();
  await expect(pack.getByText('Purchase Successful!')).toBeVisible();
  await expect(pack.getByText('Your additional submissions have been added.')).toBeVisible();
  await expect(pack).toHaveURL(/\/settings$/);
  await expect(pack.getByTestId('settings-usage-count')).toHaveText('0 of 850 submissions used');
  await expect(checkout.getByTestId('settings-usage-count')).toHaveText('0 of 850 submissions used');

  await pack.goto('/dashboard');
  await expect(pack.getByTestId('usage-count')).toHaveText('0 of 850 used');
});

test('a cancelled purchase says so and changes nothing', async ({ page, context, request }) => {
  const teacher = await signUpThroughApi(request, 'Mae Jemison');
  await signInThroughApi(page, teacher, '/settings');
  await expect(page.getByTestId('settings-usage-count')).toHaveText('0 of 10 submissions used');

  const checkout = await openCheckout(context, page.getByRole('button', { name: 'Buy 100 for $5' }));
  const checkoutUrl = checkout.url();
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(checkout.getByText('Purchase Cancelled')).toBeVisible();
  await expect(checkout.getByText('Your purchase was cancelled.')).toBeVisible();
  await expect(checkout).toHaveURL(/\/settings$/);
  await expect(checkout.getByTestId('settings-usage-count')).toHaveText('0 of 10 submissions used');

  // The same checkout cannot be completed afterwards.
  await checkout.goto(checkoutUrl);
  await expect(checkout.getByText('This checkout was cancelled.')).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'Complete test purchase' })).toHaveCount(0);
});

test('axe finds no serious problems on the pricing, checkout, settings and portal pages', async ({
  page,
  context,
  request,
}) => {
  // Six axe runs and a purchase: more than the default minute on a busy machine.
  test.slow();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/pricing?billing=yearly');
    await expect(page.getByText('Save 2 months with yearly billing!')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
  const teacher = await signUpThroughApi(request, 'Dorothy Vaughan');
  await signInThroughApi(page, teacher, '/pricing');
  const checkout = await openCheckout(context, page.getByRole('button', { name: 'Choose Lite' }));
  await expectNoSeriousAxeViolations(checkout);
  await checkout.getByRole('button', { name: 'Complete test purchase' }).click();
  await expect(checkout.getByText('Your Lite Plan is now active.')).toBeVisible();
  await checkout.goto('/settings');
  await expect(checkout.getByTestId('subscription-tier')).toHaveText('Lite Plan');
  await expectNoSeriousAxeViolations(checkout);
  await checkout.goto('/billing/portal?return=/settings');
  await expect(checkout.getByTestId('portal-tier')).toHaveText('Lite Plan');
  await expectNoSeriousAxeViolations(checkout);

  // The test-mode portal: switch plan, then cancel at the end of the period.
  await checkout.getByRole('button', { name: 'Switch to Core Plan' }).click();
  await expect(checkout.getByText('You are now on the Core Plan.')).toBeVisible();
  await expect(checkout.getByTestId('portal-tier')).toHaveText('Core Plan');
  // Cancelling asks first, names the date the plan ends, and can be called off.
  await checkout.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirmation = checkout.getByRole('dialog', { name: 'Cancel your Core Plan?' });
  await expect(confirmation).toContainText(/You keep it, and its submissions, until \w+ \d+, \d{4}/);
  await confirmation.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(confirmation).toBeHidden();
  await expect(checkout.getByTestId('portal-tier')).toHaveText('Core Plan');
  await expect(checkout.getByText(/^Renews on /)).toBeVisible();
  await checkout.getByRole('button', { name: 'Cancel subscription' }).click();
  await confirmation.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(checkout.getByText(/^Your plan ends on .*\. You keep it until then\.$/)).toBeVisible();
  await checkout.getByRole('link', { name: 'Return to Margin' }).click();
  await expect(checkout).toHaveURL(/\/settings$/);
  await expect(checkout.getByTestId('settings-usage-count')).toHaveText('0 of 750 submissions used');
  await expect(checkout.getByText(/^Ends .*; you keep your plan until then\.$/)).toBeVisible();
});
