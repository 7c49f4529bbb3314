import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { docxParagraphBomb, pdfManyPages } from '../../src/server/test/make-hostile-files';
import { openPage } from './support';

async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Packer.toBuffer(document);
}

/**
 * The AI-literacy area: resource center and its categories, community page, pedagogy hub (articles,
 * print, share) and the assignment integration tool, end to end against the built app. The server
 * runs without an AI provider, so the integration tool uses the offline engine.
 */

const ARTICLE_TITLES = [
  'Cognitive Load Theory and AI: Lighten the Load Without Skipping the Learning',
  'The DIVER Framework: Building AI Literacy Into Everyday Assignments',
  'Assessment and Feedback in the Age of AI',
  'Prompt Engineering for Teachers: Better Requests, Better Drafts',
  'Digital Citizenship in the Age of AI: Norms, Agreements, and Activities',
  'AI-Assisted Grading, Done Responsibly',
];

const WATER_CYCLE = {
  title: 'The Water Cycle Lab Report',
  content:
    'Conduct an experiment on evaporation and condensation using two jars of water. Record the temperature every hour. Write a lab report that explains how evaporation, condensation and precipitation move water through the Earth system.',
};

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@school.test`;

/** Holds matching requests for a moment, so a busy state can be seen. */
async function slowDown(page: Page, url: string, ms = 700) {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Content wider than the viewport: the page scrolls sideways or a control is cut off at the right. */
async function overflowingContent(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const element of document.querySelectorAll(
      'main :is(h1, h2, h3, p, a, button, input, select, textarea, label, li)',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1)
        problems.push(`${element.tagName} "${element.textContent?.slice(0, 40)}" ends at ${Math.round(box.right)}px`);
    }
    return problems;
  });
}

/** Toasts are left out: they fade in and out, and axe measures a half-transparent one as low contrast. */
async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    })),
  ).toEqual([]);
}

async function grantClipboard(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
}

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.describe('resource center, categories and community', () => {
  test('resource center: header, three coming-soon resources, four categories and the newsletter', async ({ page }) => {
    await openPage(page, '/ai-literacy');
    await expect(page).toHaveTitle('AI Literacy Resource Center | Margin');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Pedagogy Hub/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('AI Literacy Resource Center');

    const featured = main.locator('section[aria-labelledby="featured-resources-heading"]');
    await expect(featured.getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(featured.getByRole('button', { name: 'Coming Soon' })).toHaveCount(3);
    for (const button of await featured.getByRole('button', { name: 'Coming Soon' }).all())
      await expect(button).toBeDisabled();

    const categories = main.locator('section[aria-labelledby="categories-heading"]');
    const links = categories.getByRole('link', { name: /Coming Fall 2025/ });
    await expect(links).toHaveCount(4);
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual([
      '/ai-literacy/pedagogy',
      '/ai-literacy/templates',
      '/ai-literacy/ethics',
      '/ai-literacy/best-practices',
    ]);
    await expect(main.getByRole('link', { name: 'Visit the AI Literacy Community' })).toHaveAttribute(
      'href',
      '/ai-literacy/community',
    );
    await expect(main.getByRole('button', { name: 'Subscribe' })).toBeVisible();

    await links.nth(2).click();
    await expect(page).toHaveURL(/\/ai-literacy\/ethics$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Ethics');
    await expect(page.getByRole('main').getByText('Coming Fall 2025').first()).toBeVisible();
    await expect(page.getByRole('main').getByText(/not open yet/)).toBeVisible();
    await expect(page).toHaveTitle('AI Ethics: Coming Fall 2025 | Margin');
    await page.getByRole('link', { name: /Digital Citizenship in the Age of AI/ }).click();
    await expect(page).toHaveURL(/\/ai-pedagogy\?article=digital-citizenship$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE_TITLES[4]!);

    for (const slug of ['pedagogy', 'templates', 'best-practices']) {
      await openPage(page, `/ai-literacy/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'What is coming' })).toBeVisible();
    }
    await openPage(page, '/ai-literacy/astrology');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  });

  test('newsletter sign-up: checks the address, confirms with a toast, and signing up twice is fine', async ({
    page,
  }) => {
    const signups: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/literacy/signups')) signups.push(request.postData() ?? '');
    });
    await openPage(page, '/ai-literacy');
    const form = page.locator('section[aria-labelledby="newsletter-heading"] form');
    await form.getByLabel('Email address').fill('not-an-address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');
    expect(signups).toHaveLength(0);

    const email = uniqueEmail('reader');
    await slowDown(page, '**/api/literacy/signups');
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    await expect(page.getByText("You're subscribed!")).toBeVisible();
    await expect(form.getByRole('status')).toContainText(`A confirmation is on its way to ${email}`);
    await expect(form.getByLabel('Email address')).toHaveValue('');
    expect(JSON.parse(signups[0]!)).toEqual({ email, list: 'newsletter', source: 'resource-center' });

    // The same address again: no error, the same confirmation.
    await form.getByLabel('Email address').fill(email.toUpperCase());
    const again = page.waitForResponse('**/api/literacy/signups');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    expect((await again).status()).toBe(201);
    await expect(form.getByLabel('Email address')).toHaveValue('');
    await expect(form.getByRole('status')).toContainText(`A confirmation is on its way to ${email.toUpperCase()}`);
    expect(signups).toHaveLength(2);
  });

  test('community page: newsletter, webinar registration and the pedagogy hub card', async ({ page }) => {
    await openPage(page, '/ai-literacy');
    await page.getByRole('link', { name: 'Visit the AI Literacy Community' }).click();
    await expect(page).toHaveURL(/\/ai-literacy\/community$/);
    await expect(page).toHaveTitle('Stay Connected with AI Literacy Community | Margin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stay Connected with AI Literacy Community');
    await expect(page.getByRole('heading', { name: 'AI Literacy Newsletter' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming Webinars' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Building AI Literacy: A Practical Approach' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'AI Pedagogy Hub' })).toBeVisible();

    await page.getByLabel('Your email for the webinar').fill(uniqueEmail('webinar'));
    await page.getByRole('button', { name: 'Register for Webinar' }).click();
    await expect(page.getByText("You're registered!")).toBeVisible();
    await expect(page.getByText(/will write with the date and joining link/)).toBeVisible();

    await page.getByRole('link', { name: 'Visit the Pedagogy Hub' }).click();
    await expect(page).toHaveURL(/\/ai-pedagogy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Pedagogy Hub');
  });
});

test.describe('pedagogy hub', () => {
  test('list: hero highlights, static category tiles, quick-link anchors and six featured articles', async ({
    page,
  }) => {
    await openPage(page, '/ai-pedagogy');
    await expect(page).toHaveTitle('AI Pedagogy Hub | Margin');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('AI Pedagogy Hub');
    for (const highlight of ['Research-Based', 'Classroom-Tested', 'Innovation Focus'])
      await expect(main.getByText(highlight, { exact: true })).toBeVisible();

    const tiles = main.locator('section[aria-labelledby="browse-heading"] li');
    await expect(tiles).toHaveText([
      'Learning Theory1 article',
      'Teaching Frameworks1 article',
      'Classroom Management0 articles',
      'Assessment & Feedback0 articles',
    ]);
    // Labels, not controls.
    await expect(main.locator('section[aria-labelledby="browse-heading"]').getByRole('button')).toHaveCount(0);
    await expect(main.locator('section[aria-labelledby="browse-heading"]').getByRole('link')).toHaveCount(0);

    const quickLinks = main.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
    const targets = await quickLinks.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(targets).toEqual(['#featured', '#recent', '#popular', '#frameworks']);
    for (const target of targets) await expect(main.locator(target!)).toHaveCount(1);
    await quickLinks.filter({ hasText: 'Frameworks' }).click();
    await expect(page).toHaveURL(/#frameworks$/);
    await expect(main.locator('#frameworks')).toBeInViewport();

    const cards = main.locator('#featured article');
    await expect(cards).toHaveCount(6);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(ARTICLE_TITLES);
    await expect(cards.getByText('Featured Article')).toHaveCount(6);
    await expect(cards.nth(0)).toContainText('Learning Theory');
    await expect(cards.nth(0)).toContainText('Margin Pedagogy Team');
    await expect(cards.nth(0)).toContainText('8 min read');
    await expect(cards.nth(2)).toContainText('12 min read');
    await expect(cards.nth(0).getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      'Cognitive Load',
      'AI Tools',
      'Instructional Design',
    ]);
    await expect(cards.getByRole('button', { name: /Read Full Article/ })).toHaveCount(6);
    await expect(main.getByRole('heading', { name: 'More Articles Coming Soon' })).toBeVisible();
    await expect(main.locator('#recent').getByText('Coming Soon', { exact: true })).toHaveCount(4);
  });

  test('every article opens in place, prints, and goes back to the hub', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => {
        (window as unknown as { printCalls: number }).printCalls += 1;
      };
    });
    const articleChunks: string[] = [];
    page.on('request', (request) => {
      if (
        /\/assets\/(cognitive-load|diver-framework|assessment-ai|prompt-engineering|digital-citizenship|ai-assisted-assessment)-/.test(
          request.url(),
        )
      ) {
        articleChunks.push(request.url());
      }
    });
    await openPage(page, '/ai-pedagogy');
    await expect(page.locator('#featured article')).toHaveCount(6);
    // The list downloads no article body.
    expect(articleChunks).toEqual([]);

    for (const [index, title] of ARTICLE_TITLES.entries()) {
      await page
        .locator('#featured article')
        .nth(index)
        .getByRole('button', { name: /Read Full Article/ })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(new URL(page.url()).pathname).toBe('/ai-pedagogy');
      await expect(page).toHaveTitle(`${title} | Margin`);
      const body = page.locator('.article-prose');
      await expect(body.getByRole('heading', { name: 'Works Cited' })).toBeVisible();
      // External links and Works Cited open in a new tab.
      const external = body.locator('a[href^="http"]');
      expect(await external.count()).toBeGreaterThan(3);
      expect(
        await external.evaluateAll((anchors) =>
          anchors.every(
            (anchor) => anchor.getAttribute('target') === '_blank' && /noopener/.test(anchor.getAttribute('rel') ?? ''),
          ),
        ),
      ).toBe(true);

      await page.getByRole('button', { name: 'Print' }).click();
      expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(index + 1);

      await page.getByRole('button', { name: 'Back to Hub' }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Pedagogy Hub');
      await expect(page).toHaveURL(/\/ai-pedagogy$/);
    }
    expect(articleChunks).toHaveLength(6);
  });

  test('the print stylesheet shows only the article', async ({ page }) => {
    await openPage(page, '/ai-pedagogy?article=assessment-ai');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE_TITLES[2]!);
    await expect(page.getByRole('heading', { name: 'Works Cited' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Works Cited' })).toBeVisible();
    await expect(page.getByText('Black, P., & Wiliam, D. (1998)', { exact: false })).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Back to Hub' }).first()).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('share uses the device share sheet with title, excerpt and address', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => void calls.push(data),
      });
    });
    await openPage(page, '/ai-pedagogy');
    await page
      .locator('#featured article')
      .nth(3)
      .getByRole('button', { name: /Read Full Article/ })
      .click();
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
      .toEqual([
        {
          title: ARTICLE_TITLES[3],
          text: 'A short, practical guide to writing AI prompts for lesson planning, differentiation, rubrics, and feedback, with before-and-after examples and a firm privacy rule.',
          url: page.url(),
        },
      ]);
    await expect(page.getByText('URL copied to clipboard!', { exact: true })).toHaveCount(0);
  });

  test('without a share sheet, share copies the address to the clipboard', async ({ page }) => {
    await grantClipboard(page);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    });
    await openPage(page, '/ai-pedagogy');
    await page
      .locator('#featured article')
      .nth(1)
      .getByRole('button', { name: /Read Full Article/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE_TITLES[1]!);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('URL copied to clipboard!', { exact: true })).toBeVisible();
    expect(await clipboardText(page)).toBe(page.url());
    expect(page.url()).toMatch(/\/ai-pedagogy\?article=diver-framework$/);
    // The shared address opens the same article.
    await openPage(page, await clipboardText(page));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE_TITLES[1]!);
  });
});

test.describe('assignment integration tool', () => {
  test('title and content are required: the alert, and no call', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/literacy/')) calls += 1;
    });
    await openPage(page, '/ai-assignment-integration');
    await expect(page).toHaveTitle('AI Literacy Assignment Integration Tool | Margin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Literacy Assignment Integration Tool');
    for (const phase of ['Discovery', 'Interaction', 'Verification', 'Editing', 'Reflection']) {
      await expect(page.getByRole('main').getByText(phase, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('Exploration and multiple perspectives')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to Transform Your Assignment?' })).toBeVisible();
    await expect(page.getByLabel(/Assignment content/)).toHaveAttribute('rows', '8');
    await expect(page.getByLabel('Estimated time')).toHaveAttribute('placeholder', /2 weeks, 3 class periods/);
    await expect(page.getByLabel('Upload file (optional)')).toHaveAttribute('accept', '.txt,.doc,.docx,.pdf');
    await expect(page.getByLabel('Subject').locator('option')).toHaveText([
      'Select subject',
      'English/Language Arts',
      'Mathematics',
      'Science',
      'Social Studies',
      'History',
      'Art',
      'Other',
    ]);
    await expect(page.getByLabel('Grade level').locator('option')).toHaveText([
      'Select grade level',
      'Elementary (K-5)',
      'Middle School (6-8)',
      'High School (9-12)',
      'College/University',
    ]);

    await page.getByLabel(/Assignment title/).fill('Only a title');
    await page.getByLabel(/Assignment content/).fill('   ');
    await page.getByRole('button', { name: 'Generate AI Integration' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please provide both assignment title and content.' }),
    ).toBeVisible();
    await expect(page.getByLabel(/Assignment content/)).toBeFocused();
    expect(calls).toBe(0);
  });

  test('full flow: suggestions, selection, revised assignment, edits, copies and downloads', async ({ page }) => {
    test.slow();
    await grantClipboard(page);
    await openPage(page, '/ai-assignment-integration');
    await page.getByLabel(/Assignment title/).fill(WATER_CYCLE.title);
    await page.getByLabel(/Assignment content/).fill(WATER_CYCLE.content);
    await page.getByLabel('Subject').selectOption('science');
    await page.getByLabel('Grade level').selectOption('middle');
    await page.getByLabel('Estimated time').fill('3 class periods');

    let integrationBody: Record<string, unknown> = {};
    page.on('request', (request) => {
      if (request.url().endsWith('/api/literacy/integrations'))
        integrationBody = request.postDataJSON() as Record<string, unknown>;
    });
    await slowDown(page, '**/api/literacy/**');
    await page.getByRole('button', { name: 'Generate AI Integration' }).click();
    await expect(page.getByRole('button', { name: 'Generating AI Integration...' })).toBeDisabled();
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('heading', { name: `AI Literacy Integration: ${WATER_CYCLE.title}` })).toBeVisible();
    expect(integrationBody).toEqual({
      assignmentTitle: WATER_CYCLE.title,
      assignmentText: WATER_CYCLE.content,
      subject: 'science',
      gradeLevel: 'middle',
      estimatedTime: '3 class periods',
    });
    await expect(
      results.getByText('Subject: Science | Grade level: Middle School (6-8) | Estimated time: 3 class periods'),
    ).toBeVisible();
    await expect(results.getByText('Made by Margin’s offline engine')).toBeVisible();
    await expect(results.getByText(/AI_PROVIDER/).first()).toBeVisible();

    const cards = results.getByRole('list', { name: 'DIVER suggestions' }).getByRole('article');
    await expect(cards).toHaveCount(5);
    await expect(cards.locator('span.rounded-full').first()).toHaveText('Discovery');
    for (const card of await cards.all()) {
      await expect(card.getByRole('heading', { name: 'Activities' })).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Examples' })).toBeVisible();
      await expect(card.getByRole('checkbox')).not.toBeChecked();
    }
    await expect(results.getByText(/evaporation/i).first()).toBeVisible();
    await expect(results.getByText('0 of 5')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Nothing selected: the button says why instead of doing nothing.
    const create = results.getByRole('button', { name: 'Create Revised Assignment' });
    await expect(create).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled keeps it clickable, so the click can say why nothing happens (Playwright would wait for "enabled").
    await create.click({ force: true });
    await expect(page.getByText('Selection Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please select at least one suggestion to integrate.')).toBeVisible();

    // Copy All and Download of the plan.
    await results.getByRole('button', { name: 'Copy All' }).click();
    await expect(page.getByText('Content Copied', { exact: true })).toBeVisible();
    const plan = await clipboardText(page);
    expect(plan).toContain(`AI Literacy Integration Plan: ${WATER_CYCLE.title}`);
    expect(plan).toContain('DIVER SUGGESTIONS');
    expect(plan).toContain('IMPLEMENTATION GUIDE');
    const planDownload = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Download', exact: true }).click();
    const planFile = await planDownload;
    expect(planFile.suggestedFilename()).toBe('ai-literacy-integration.txt');
    expect(await readFile((await planFile.path())!, 'utf8')).toBe(plan);

    await cards.nth(2).getByRole('button', { name: /Copy/ }).click();
    await expect(page.getByText('Phase Content Copied', { exact: true })).toBeVisible();
    expect(await clipboardText(page)).toMatch(/^Verification: /);

    await results.getByRole('checkbox', { name: /Discovery/ }).check();
    await results.getByRole('checkbox', { name: /Verification/ }).check();
    await expect(results.getByText('2 of 5')).toBeVisible();
    await create.click();
    await expect(results.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await expect(page.getByText('Assignment Revised', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Your assignment has been successfully updated with the selected AI literacy suggestions.'),
    ).toBeVisible();

    const revised = results.getByPlaceholder('Your revised assignment will appear here...');
    await expect(revised).toHaveValue(new RegExp(`^${WATER_CYCLE.title} \\(with AI literacy\\)`));
    await expect(revised).toHaveValue(/Record the temperature every hour\./);
    await expect(revised).toHaveValue(/\(Verification\)/);
    await expect(revised).not.toHaveValue(/\(Reflection\)/);
    expect(await revised.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThanOrEqual(400);
    await expect(
      results.getByText('You can edit the assignment above. Use the buttons to copy or download your final version.'),
    ).toBeVisible();
    await expect(results.getByRole('heading', { name: 'Implementation Guide' })).toBeVisible();

    // The teacher's edit is what gets copied and downloaded.
    await revised.press('Control+End');
    await revised.pressSequentially('\nTeacher note: bring safety goggles.');
    await results.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Assignment Copied', { exact: true })).toBeVisible();
    expect(await clipboardText(page)).toContain('Teacher note: bring safety goggles.');
    const downloadEvent = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Download', exact: true }).nth(1).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe('revised-assignment.txt');
    const downloaded = await readFile((await download.path())!, 'utf8');
    expect(downloaded).toMatch(new RegExp(`^${WATER_CYCLE.title} \\(with AI literacy\\)`));
    expect(downloaded).toContain(WATER_CYCLE.content);
    expect(downloaded).toContain('Submission Checklist');
    expect(downloaded.endsWith('Teacher note: bring safety goggles.')).toBe(true);
    await expect(page.getByText('Assignment Downloaded', { exact: true })).toBeVisible();

    await results.getByRole('button', { name: /Copy the implementation guide/ }).click();
    await expect(page.getByText('Implementation Guide Copied', { exact: true })).toBeVisible();

    // Regenerate: same selections, and the new text replaces the edited one.
    const regenerated = page.waitForResponse('**/api/literacy/revisions');
    await results.getByRole('button', { name: 'Regenerate' }).click();
    expect(await (await regenerated).json()).toMatchObject({ engine: 'offline' });
    await expect(revised).not.toHaveValue(/Teacher note/);
    await expect(revised).toHaveValue(/\(Verification\)/);
    await expectNoSeriousAxeViolations(page);
  });

  test('an uploaded .txt file is the content when the box is empty; a .doc is refused with a reason', async ({
    page,
  }) => {
    const uploadTypes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/literacy/integrations'))
        uploadTypes.push(request.headers()['content-type'] ?? '');
    });
    await openPage(page, '/ai-assignment-integration');
    await page.getByLabel(/Assignment title/).fill('Volcano Essay');
    await page.getByLabel('Upload file (optional)').setInputFiles({
      name: 'volcano.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Research the eruption of Mount Vesuvius and write an essay about what happened to Pompeii.'),
    });
    await page.getByRole('button', { name: 'Generate AI Integration' }).click();
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByText('Assignment text read from volcano.txt')).toBeVisible();
    await expect(page.getByLabel(/Assignment content/)).toHaveValue(/Mount Vesuvius/);
    await expect(results.getByText(/Vesuvius|Pompeii/).first()).toBeVisible();
    // The file goes as it is, in a multipart upload, not as base64 inside JSON.
    expect(uploadTypes[0]).toMatch(/^multipart\/form-data; boundary=/);

    await page.getByLabel(/Assignment content/).fill('');
    await page.getByLabel('Upload file (optional)').setInputFiles({
      name: 'old.doc',
      mimeType: 'application/msword',
      buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
    });
    await expect(page.getByText(/Margin cannot read Word 97-2003 \.doc files/)).toBeVisible();
    await page.getByRole('button', { name: 'Generate AI Integration' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Failed to generate AI integration suggestions. Please try again.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('old.doc is a Word 97-2003 .doc file');
  });

  test('a .docx and a PDF are read by the built server’s document workers; a decompression bomb is refused with a reason', async ({
    page,
  }) => {
    await openPage(page, '/ai-assignment-integration');
    await page.getByLabel(/Assignment title/).fill('Photosynthesis Poster');
    await page.getByLabel('Upload file (optional)').setInputFiles({
      name: 'poster.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await makeDocx([
        'Photosynthesis poster project.',
        'Explain how chloroplasts turn sunlight into glucose.',
      ]),
    });
    await page.getByRole('button', { name: 'Generate AI Integration' }).click();
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByText('Assignment text read from poster.docx')).toBeVisible();
    await expect(page.getByLabel(/Assignment content/)).toHaveValue(
      'Photosynthesis poster project.\n\nExplain how chloroplasts turn sunlight into glucose.',
    );

    await page.getByLabel(/Assignment content/).fill('');
    await page
      .getByLabel('Upload file (optional)')
      .setInputFiles({ name: 'cycle.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfManyPages(2)) });
    await page.getByRole('button', { name: 'Generate AI Integration' }).click();
    await expect(results.getByText('Assignment text read from cycle.pdf')).toBeVisible();
    await expect(page.getByLabel(/Assignment content/)).toHaveValue(
      'Page 1 of the water cycle.\nPage 2 of the water cycle.',
    );

    await page.getByLabel(/Assignment content/).fill('');
    await page
      .getByLabel('Upload file (optional)')
      .setInputFiles({ name: 'bomb.docx', mimeType: '', buffer: Buffer.from(docxParagraphBomb()) });
    await page.getByRole('button', { name: 'Generate AI Integration' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Failed to generate AI integration suggestions. Please try again.' });
    await expect(alert).toContainText(
      'bomb.docx would unpack to more than 32 MB, far more than any real document needs, and was not read. Paste the assignment text into the content box instead.',
    );
    expect((await page.request.get('/api/health')).ok()).toBe(true);
  });
});

test.describe('layout and accessibility', () => {
  const pages = [
    { path: '/ai-literacy', heading: 'AI Literacy Resource Center' },
    { path: '/ai-literacy/community', heading: 'Stay Connected with AI Literacy Community' },
    { path: '/ai-literacy/templates', heading: 'Templates' },
    { path: '/ai-pedagogy', heading: 'AI Pedagogy Hub' },
    { path: '/ai-pedagogy?article=prompt-engineering', heading: ARTICLE_TITLES[3]! },
    { path: '/ai-assignment-integration', heading: 'AI Literacy Assignment Integration Tool' },
  ];
  for (const width of [375, 768, 1280]) {
    test(`fits ${width}px and has no serious axe violations`, async ({ page }) => {
      // Seven pages, each loaded and checked by axe: more than the default minute on a busy machine.
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      for (const { path, heading } of pages) {
        await openPage(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
        if (path.includes('article=')) await expect(page.getByRole('heading', { name: 'Works Cited' })).toBeVisible();
        expect(await overflowingContent(page), `${path} at ${width}px`).toEqual([]);
        await expectNoSeriousAxeViolations(page);
      }
    });
  }
});
