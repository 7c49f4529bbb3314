import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** An address no other test uses; no hyphen is added, so a long one cannot wrap at it. */
export function uniqueEmail(prefix = 'teacher', domain = 'school.test') {
  return `${prefix}.${Date.now()}${Math.floor(Math.random() * 1e6)}@${domain}`;
}

/**
 * Creates an account through the API (the form has its own test) and signs in through the form-free path.
 * `email` is the start and the domain of the address; a unique number goes between them.
 */
export async function signUpThroughApi(request: APIRequestContext, fullName = 'Octavia Butler', email = uniqueEmail()) {
  const password = 'lesson-plans';
  const response = await request.post('/api/auth/sign-up', { data: { email, password, fullName } });
  expect(response.status()).toBe(201);
  return { email, password, fullName };
}

/** Signs in through the API inside the page, so the browser gets the refresh cookie, then opens a path. */
export async function signInThroughApi(
  page: Page,
  credentials: { email: string; password: string },
  path = '/dashboard',
) {
  await page.goto('/');
  const status = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { email: credentials.email, password: credentials.password },
  );
  expect(status).toBe(200);
  await openPage(page, path);
}

/**
 * Opens a page and waits until React has taken it over. A prerendered public page shows its buttons
 * before its script runs, and a click in that moment does nothing.
 */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
}

/**
 * Chooses a discussion student waiting for a grade (`nth` of the list, from the end when negative)
 * and waits until she has taken the place of the student the screen opens on. Gives her name.
 */
export async function chooseDiscussionStudent(page: Page, nth: number): Promise<string> {
  await page.getByTestId('tab-ungraded').click();
  const entries = page.getByRole('tabpanel').getByTestId('student-entry').filter({ hasText: 'Submitted' });
  await expect(entries.nth(nth)).toBeVisible({ timeout: 30_000 });
  const chosen = (await entries.nth(nth).locator('span[title]').getAttribute('title'))!;
  await entries.filter({ hasText: chosen }).click();
  await expect(page.getByTestId('student-name')).toHaveText(chosen, { timeout: 30_000 });
  await expect(page.getByTestId('student-post').first()).toBeVisible({ timeout: 30_000 });
  return chosen;
}

/** The same on the quiz screen, among the students whose answers need review; gives her entry's label. */
export async function chooseQuizStudent(page: Page, nth: number): Promise<string> {
  const waiting = page.getByTestId('quiz-student').filter({ hasText: 'Needs review' });
  await expect(waiting.nth(nth)).toBeVisible({ timeout: 30_000 });
  const chosen = (await waiting.nth(nth).locator('span').first().textContent())!;
  await waiting.filter({ hasText: chosen }).click();
  await expect(page.getByTestId('quiz-student').filter({ hasText: chosen })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('answer-text')).toBeVisible({ timeout: 30_000 });
  return chosen;
}
