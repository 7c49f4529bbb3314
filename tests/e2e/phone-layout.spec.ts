import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * No page scrolls sideways on a 375 px phone: the document is never wider than the screen, even for
 * a teacher with a long name (accents, an apostrophe, a hyphen), a long address and a long school.
 */
test.use({
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
  teacherName: "Zoë O'Connor-Nakamura",
  teacherEmail: ['theodora.longname.teacher', 'harrowgate-secondary.example.org'],
});

const LONG_SCHOOL = 'Harrowgate Secondary School for Science, Mathematics and Computing (Upper Campus)';

async function expectNoSidewaysScroll(page: Page, label: string) {
  // The home page streams its video, so the network may never go idle: a bounded wait is enough.
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  await expect(page.locator('main')).not.toBeEmpty();
  const size = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(
    size.scrollWidth,
    `${label} is ${size.scrollWidth} px wide on a ${size.clientWidth} px screen`,
  ).toBeLessThanOrEqual(size.clientWidth);
}

const PUBLIC_ROUTES = [
  '/',
  '/features',
  '/about',
  '/pricing',
  '/pricing?billing=yearly',
  '/contact',
  '/institutional-inquiry',
  '/privacy',
  '/terms',
  '/ai-literacy',
  '/ai-literacy/community',
  '/ai-literacy/pedagogy',
  '/ai-literacy/templates',
  '/ai-literacy/ethics',
  '/ai-literacy/best-practices',
  '/ai-pedagogy',
  // Each article: long words, tables and quotes are where a page grows sideways.
  ...[
    'cognitive-load',
    'diver-framework',
    'assessment-ai',
    'prompt-engineering',
    'digital-citizenship',
    'ai-assisted-assessment',
  ].map((id) => `/ai-pedagogy?article=${id}`),
  '/ai-assignment-integration',
  '/auth',
  '/no-such-page',
];

test('public pages fit a 375 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of PUBLIC_ROUTES) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
  }
});

type Course = { id: number; needs_grading_count: number };
type Item = {
  id: number;
  needs_grading_count?: number;
  quiz_type?: string;
  published?: boolean;
  assignment_id?: number | null;
};

test('signed-in pages, every course tab and the grading screens fit a 375 px phone', async ({
  page,
  request,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  test.setTimeout(180_000);
  const teacher = teacherWithDemoCanvas;
  const named = await request.patch('/api/profile', {
    headers: { authorization: `Bearer ${teacher.accessToken}` },
    data: { fullName: teacher.fullName, schoolName: LONG_SCHOOL },
  });
  expect(named.ok()).toBe(true);
  await teacher.open('/dashboard');
  const courses = await demoCanvas.get<Course[]>('/courses');
  const course = courses.find((candidate) => candidate.needs_grading_count > 0) ?? courses[0]!;
  const assignments = await demoCanvas.get<Item[]>(`/courses/${course.id}/assignments`);
  const discussions = await demoCanvas.get<Item[]>(`/courses/${course.id}/discussion_topics`);
  const quizzes = await demoCanvas.get<Item[]>(`/courses/${course.id}/quizzes`);

  for (const path of [
    '/dashboard',
    '/canvas-setup',
    '/settings',
    '/courses',
    '/assignments',
    '/pricing',
    '/billing/portal',
    '/courses/abc',
  ]) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
  }
  // Settings shows the long address, name and school whole, wrapped inside the screen.
  await page.goto('/settings');
  await expect(page.getByText(teacher.email)).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText(teacher.fullName);
  await expect(page.getByText(LONG_SCHOOL)).toBeVisible();
  await expectNoSidewaysScroll(page, '/settings with a long address');
  await page.screenshot({ path: 'test-results/phone-settings.png', fullPage: true });

  await page.goto(`/courses/${course.id}`);
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  // The first tab label is whole, not cut off at the strip's left edge.
  const [tabBox, stripBox] = await Promise.all([tabs.first().boundingBox(), page.getByRole('tablist').boundingBox()]);
  expect(tabBox!.x).toBeGreaterThanOrEqual(stripBox!.x);
  for (const name of ['Assignments', 'Discussions', 'Quizzes', 'Students', 'Analytics']) {
    await page.getByRole('tab', { name: new RegExp(name) }).click();
    await expectNoSidewaysScroll(page, `/courses/${course.id} ${name} tab`);
    // Even after scrolling the page sideways on purpose, nothing moves: there is nowhere to go.
    expect(await page.evaluate(() => (window.scrollTo(400, window.scrollY), window.scrollX))).toBe(0);
  }

  const assignment = assignments.find((item) => !item.quiz_type && item.needs_grading_count) ?? assignments[0];
  const discussion = discussions.find((item) => item.assignment_id) ?? discussions[0];
  const quiz = quizzes.find((item) => item.published && item.quiz_type === 'assignment');
  const gradingRoutes = [
    assignment ? `/courses/${course.id}/assignments/${assignment.id}/grade` : null,
    discussion ? `/courses/${course.id}/discussions/${discussion.id}/grade` : null,
    quiz ? `/courses/${course.id}/quizzes/${quiz.id}/grade` : null,
  ].filter((path): path is string => path !== null);
  for (const path of gradingRoutes) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
  }

  const checkout = await request.post('/api/billing/checkout', {
    headers: { authorization: `Bearer ${teacher.accessToken}` },
    data: { planName: 'Core Plan', isYearly: false, returnTo: '/pricing' },
  });
  expect(checkout.ok()).toBe(true);
  await page.goto(((await checkout.json()) as { url: string }).url);
  await expectNoSidewaysScroll(page, 'test-mode checkout');
});
