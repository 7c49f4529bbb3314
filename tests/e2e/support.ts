import { expect, type APIRequestContext, type Page } from '@playwright/test';

export function uniqueEmail(prefix = 'teacher') {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@school.test`;
}

/** Creates an account through the API (the form has its own test) and signs in through the form-free path. */
export async function signUpThroughApi(request: APIRequestContext, fullName = 'Octavia Butler') {
  const email = uniqueEmail();
  const password = 'lesson-plans';
  const response = await request.post('/api/auth/sign-up', { data: { email, password, fullName } });
  expect(response.status()).toBe(201);
  return { email, password, fullName };
}

/** Signs in through the API inside the page, so the browser gets the refresh cookie, then opens a path. */
export async function signInThroughApi(page: Page, credentials: { email: string; password: string }, path = '/dashboard') {
  await page.goto('/');
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.status;
  }, { email: credentials.email, password: credentials.password });
  expect(status).toBe(200);
  await page.goto(path);
}

/**
 * A new teacher, signed in inside the page and connected to the app's built-in demo Canvas through
 * the API (the setup form has its own test). Returns the bearer token for direct API checks.
 */
export async function teacherWithDemoCanvas(page: Page, request: APIRequestContext, fullName = 'Ida B. Wells') {
  const credentials = await signUpThroughApi(request, fullName);
  await page.goto('/');
  const accessToken = await page.evaluate(async ({ email, password }) => {
    const signIn = await fetch('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { session } = await signIn.json();
    const config = await (await fetch('/api/config')).json();
    const connect = await fetch('/api/canvas/connection', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ canvasUrl: config.demoCanvas.url, canvasToken: config.demoCanvas.token }),
    });
    if (!connect.ok) throw new Error(`connect failed: ${await connect.text()}`);
    return session.access_token as string;
  }, credentials);
  return { ...credentials, accessToken };
}

/** Reads from the built-in demo Canvas API the way any Canvas client would. */
export async function demoCanvasGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const config = await (await request.get('/api/config')).json();
  const response = await request.get(`/demo-canvas/api/v1${path}`, { headers: { authorization: `Bearer ${config.demoCanvas.token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}
