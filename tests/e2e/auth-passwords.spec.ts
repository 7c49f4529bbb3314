import { expect, test } from '@playwright/test';
import { uniqueEmail, openPage } from './support';

const SHOTS = '../_shots/harden-auth';

test('the sign-up form refuses a common password with the reason on the field, then accepts a better one', async ({
  page,
}) => {
  const email = uniqueEmail('common');
  await openPage(page, '/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('At least 6 characters, and not one of the most common passwords.')).toBeVisible();
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Password1');
  await page.getByRole('button', { name: 'Create Account' }).click();

  const reason = 'This password is one of the most common passwords and easy to guess. Please choose a different one.';
  await expect(page.locator('form').getByText(reason)).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/sign-up-common-password.png`, fullPage: true });

  await page.getByLabel('Password').fill('compiler-moth-1947');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(
    page.getByText('Please sign in with your e-mail and password. We have also sent you an e-mail.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sign-up-accepted.png`, fullPage: true });
});

test('signing up again with a registered e-mail looks the same as a new sign-up', async ({ page, request }) => {
  const email = uniqueEmail('again');
  expect(
    (
      await request.post('/api/auth/sign-up', { data: { email, password: 'first-pass-77', fullName: 'First' } })
    ).status(),
  ).toBe(201);
  await openPage(page, '/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Full name').fill('Second');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second-pass-88');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Please sign in with your e-mail and password. We have also sent you an e-mail.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
