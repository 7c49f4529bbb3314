import { test as base, expect, type APIRequestContext, type APIResponse } from '@playwright/test';

/** What a JSON answer parses to, unless the test names a type. */
type Json = Awaited<ReturnType<APIResponse['json']>>;
import { signInThroughApi, signUpThroughApi, uniqueEmail } from './support';

/** The app's built-in demo Canvas, as /api/config names it. */
export type DemoCanvas = {
  url: string;
  token: string;
  /** Reads Canvas's own API (`courses/4201/...`), as an outside check of what Canvas stores. */
  get<T = Json>(path: string): Promise<T>;
};

/** A new teacher with an account, signed in through the API; the page is not signed in yet. */
export type Teacher = {
  email: string;
  password: string;
  fullName: string;
  accessToken: string;
  /** Signs the page in (so it holds the refresh cookie) and opens `path` in one navigation. */
  open(path: string): Promise<void>;
};

async function demoCanvasOf(request: APIRequestContext): Promise<DemoCanvas> {
  const config = await (await request.get('/api/config')).json();
  const { url, token } = config.demoCanvas as { url: string; token: string };
  return {
    url,
    token,
    async get<T = Json>(path: string) {
      const response = await request.get(`${url}/api/v1/${path.replace(/^\//, '')}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status()).toBe(200);
      return (await response.json()) as T;
    },
  };
}

/**
 * Browser-test fixtures: `teacher` (signed up and in), `demoCanvas` (the built-in Canvas and its
 * API) and `teacherWithDemoCanvas` (a teacher already connected to it through the API; the setup
 * form has its own test). Set the teacher's name and address per file with `test.use({ teacherName, teacherEmail })`.
 */
export const test = base.extend<{
  teacherName: string;
  /** The start and the domain of the teacher's address: `[local part, domain]`. */
  teacherEmail: [string, string];
  teacher: Teacher;
  demoCanvas: DemoCanvas;
  teacherWithDemoCanvas: Teacher;
}>({
  teacherName: ['Ida B. Wells', { option: true }],
  teacherEmail: [['teacher', 'school.test'], { option: true }],

  teacher: async ({ page, request, teacherName, teacherEmail }, use) => {
    const credentials = await signUpThroughApi(request, teacherName, uniqueEmail(...teacherEmail));
    const signIn = await request.post('/api/auth/sign-in', {
      data: { email: credentials.email, password: credentials.password },
    });
    expect(signIn.status()).toBe(200);
    const accessToken = (await signIn.json()).session.access_token as string;
    await use({ ...credentials, accessToken, open: (path) => signInThroughApi(page, credentials, path) });
  },

  demoCanvas: async ({ request }, use) => {
    await use(await demoCanvasOf(request));
  },

  teacherWithDemoCanvas: async ({ request, teacher, demoCanvas }, use) => {
    const connected = await request.put('/api/canvas/connection', {
      headers: { authorization: `Bearer ${teacher.accessToken}` },
      data: { canvasUrl: demoCanvas.url, canvasToken: demoCanvas.token },
    });
    expect(connected.status()).toBe(200);
    await use(teacher);
  },
});

export { expect };
