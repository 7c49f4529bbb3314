import { expect, test } from '@playwright/test';
import { signInThroughApi, signUpThroughApi, uniqueEmail, openPage } from './support';

test('a teacher signs up, signs in, stays signed in across a reload, and signs out', async ({ page }) => {
  const email = uniqueEmail('form');
  await openPage(page, '/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();

  // The form's own validation texts.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

  await page.getByLabel('Full name').fill('Mary Jackson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('Password').fill('wind-tunnel');
  await page.getByRole('button', { name: 'Create Account' }).click();

  // After sign-up the form switches to sign-in mode, with the e-mail kept.
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password. Please check them and try again.')).toBeVisible();

  await page.getByLabel('Password').fill('wind-tunnel');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Mary!' })).toBeVisible();
  await expect(page.getByTestId('welcome')).toHaveText('Welcome, Mary');
  await expect(page.getByTestId('tile-Needs Grading')).toHaveAttribute('aria-disabled', 'true');

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome')).toHaveText('Welcome, Mary');

  // A signed-in teacher who opens /auth goes to the dashboard.
  await openPage(page, '/auth');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await openPage(page, '/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('protected screens redirect to /auth, replacing history', async ({ page }) => {
  await openPage(page, '/');
  for (const path of [
    '/dashboard',
    '/settings',
    '/courses',
    '/canvas-setup',
    '/assignments',
    '/courses/1/assignments/2/grade',
  ]) {
    await openPage(page, path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  // Replace, not push: going back does not land on the protected path again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/courses\/1\/assignments\/2\/grade$/);
});

test('settings shows and edits the profile', async ({ page, request }) => {
  const teacher = await signUpThroughApi(request, 'Katherine Johnson');
  await signInThroughApi(page, teacher, '/settings');
  await expect(page.getByTestId('profile-name')).toHaveText('Katherine Johnson');
  await page.getByLabel('School').fill('West Side High');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByText('West Side High', { exact: true })).toBeVisible();
});

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openPage(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the header and footer carry their links and the independence statement', async ({ page }) => {
  await openPage(page, '/features');
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'AI Literacy', 'Pricing', 'Features', 'About']) {
    await expect(main.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByTestId('independence-statement')).toContainText('not affiliated with');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(page.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/contact');
});
