import { expect, test, type Page } from '@playwright/test';

/**
 * Public pages are prerendered at build time (scripts/prerender.ts): their content is in the HTML
 * without JavaScript, and with it React hydrates that HTML without a mismatch or any console error.
 */

const SHOTS = '/work/wt/_shots/prod-pages';
/** Hydration waits for the session check and the screen's code; a busy machine needs the time. */
const READY = { timeout: 30_000 };

test.describe.configure({ timeout: 120_000 });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page and an article show their content', async ({ page }) => {
    await page.goto('/');
    // The home page's own head, as it sets it in the browser too.
    await expect(page).toHaveTitle('Margin');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Margin drafts grades and feedback for your Canvas assignments/,
    );
    await expect(page.getByRole('heading', { level: 1, name: /Grade with your rubric, in your voice/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-no-js.png`, fullPage: true });

    await page.goto('/ai-pedagogy?article=cognitive-load');
    await expect(page).toHaveTitle(
      'Cognitive Load Theory and AI: Lighten the Load Without Skipping the Learning | Margin',
    );
    await expect(page.getByRole('heading', { level: 1, name: /Cognitive Load Theory and AI/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What cognitive load theory says' })).toBeVisible();
    await expect(page.getByText('Loading article...')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/article-no-js.png` });

    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Plans for every teaching load' })).toBeVisible();
  });

  test('a signed-in screen is the empty shell: it needs JavaScript', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test.describe('with JavaScript', () => {
  /** Every console error and warning, and every uncaught error, of the page. */
  function watchConsole(page: Page) {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    return problems;
  }

  test('the home page hydrates without console errors and then works as an app', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    // The header leaves its loading state once React runs: the session was checked after hydration.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible(READY);
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page).toHaveTitle('Pricing | Margin');
    await page.getByRole('button', { name: 'Yearly' }).click();
    await expect(page).toHaveURL(/billing=yearly/);
    await page.screenshot({ path: `${SHOTS}/pricing-hydrated.png` });
    expect(problems).toEqual([]);
  });

  test('a prerendered article and the pricing page hydrate without console errors', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/ai-pedagogy?article=cognitive-load');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(READY);
    await expect(page.getByRole('heading', { level: 2, name: 'What cognitive load theory says' })).toBeVisible();
    // Hydrated: its buttons work (Back to Hub is React's, not a link).
    await page.getByRole('button', { name: 'Back to Hub' }).first().click();
    await expect(page).toHaveURL(/\/ai-pedagogy$/);
    await expect(
      page.getByRole('heading', {
        name: 'Cognitive Load Theory and AI: Lighten the Load Without Skipping the Learning',
      }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/hub-hydrated.png` });

    await page.goto('/pricing');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(READY);
    await page.getByRole('button', { name: 'Yearly' }).click();
    await expect(page).toHaveURL(/billing=yearly/);
    // A reload with the query the page was not prerendered for is drawn in the browser, yearly.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(problems).toEqual([]);
  });
});

test.describe('every prerendered public page', () => {
  /** The pages to prerender (issue 14): the marketing pages, the AI-literacy pages and the six articles. */
  const PAGES = [
    '/',
    '/features',
    '/pricing',
    '/about',
    '/contact',
    '/privacy',
    '/how-margin-uses-ai',
    '/terms',
    '/ai-literacy',
    '/ai-literacy/community',
    '/ai-pedagogy',
    ...[
      'cognitive-load',
      'diver-framework',
      'assessment-ai',
      'prompt-engineering',
      'digital-citizenship',
      'ai-assisted-assessment',
    ].map((id) => `/ai-pedagogy?article=${id}`),
  ];
  const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

  test('is sent as HTML with its content and its own title, description and Open Graph tags', async ({ request }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of PAGES) {
      const html = await (await request.get(path)).text();
      const root = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
      expect(root.replace(/<[^>]+>/g, '').trim().length, `${path} has text before JavaScript runs`).toBeGreaterThan(
        200,
      );
      const title = attribute(html, /<title>([^<]*)<\/title>/) ?? '';
      const description = attribute(html, /<meta name="description" content="([^"]*)" \/>/) ?? '';
      expect(title, path).not.toBe('');
      expect(description.length, `${path} description`).toBeGreaterThan(40);
      expect(attribute(html, /<meta property="og:title" content="([^"]*)" \/>/), path).toBe(title);
      expect(attribute(html, /<meta property="og:description" content="([^"]*)" \/>/), path).toBe(description);
      expect(attribute(html, /<meta property="og:type" content="([^"]*)" \/>/), path).toBe(
        path.includes('?article=') ? 'article' : 'website',
      );
      expect(titles.get(title), `${path} shares its title`).toBeUndefined();
      expect(descriptions.get(description), `${path} shares its description`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
    }
  });
});
