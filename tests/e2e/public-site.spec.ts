import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  BUDGET_RANGE_OPTIONS,
  EDUCATION_LEVEL_OPTIONS,
  IMPLEMENTATION_TIMELINE_OPTIONS,
  LMS_SYSTEM_OPTIONS,
  NUMBER_OF_TEACHERS_OPTIONS,
} from '../../src/shared/schemas/contact';
import { readable, readMailbox } from './mail-sink';
import { openPage } from './support';

/**
 * The public site: home, features, about, contact, institutional inquiry, privacy and terms.
 * Mail the server sends reaches the run's SMTP sink (mail-sink.ts), so a message typed into a form
 * is followed all the way to the mailbox.
 */
const SUPPORT_EMAIL = 'support@margin.test';
const PUBLIC_PAGES = ['/', '/features', '/about', '/contact', '/institutional-inquiry', '/privacy', '/terms'];

async function expectMail(subject: string) {
  await expect
    .poll(() => readMailbox().some((mail) => readable(mail.raw).includes(`Subject: ${subject}`)), { timeout: 10_000 })
    .toBe(true);
  return readMailbox().find((mail) => readable(mail.raw).includes(`Subject: ${subject}`))!;
}

/** Holds the next matching request for a moment, so the busy state can be seen. */
async function slowDown(page: Page, url: string) {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

/**
 * Content that does not fit the viewport: the page scrolls sideways, or (inside a section that
 * clips its decoration) a heading, text or control is cut off at the right edge.
 */
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

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
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

test.describe('pages', () => {
  test('home: hero, the three steps, benefits and the teacher-reported figures', async ({ page }) => {
    await openPage(page, '/');
    await expect(page).toHaveTitle('Margin');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /approve every one/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('get your evenings back');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Start Free Trial' }).first()).toHaveAttribute('href', '/canvas-setup');
    await expect(main.getByRole('link', { name: 'Explore AI Literacy' })).toHaveAttribute('href', '/ai-literacy');
    await expect(main.getByText('No credit card required • 10 free submissions')).toBeVisible();

    const steps = main.locator('#how-it-works ol > li');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Connect Canvas Account');
    await expect(steps.nth(1)).toContainText('Select Assignments');
    await expect(steps.nth(2)).toContainText('Get AI Grading Assistance');
    await expect(main.locator('#benefits li')).toHaveCount(6);

    await expect(main.getByText('~60%')).toBeVisible();
    await expect(main.getByText('about 40 minutes saved per assignment set')).toBeVisible();
    await expect(main.getByText('35%')).toBeVisible();
    await expect(main.getByText('50%')).toBeVisible();
    await expect(main.getByText('Teacher-reported')).toHaveCount(3);
    await expect(main.getByText(/Margin does not measure them/)).toBeVisible();
    // The walkthrough video comes later; until then nothing stands in for it.
    await expect(main.getByRole('heading', { name: 'See Margin in action' })).toHaveCount(0);

    await main.getByRole('link', { name: 'Explore Features' }).click();
    await expect(page).toHaveURL(/\/features$/);
  });

  test('features: Live Now and Coming Soon grids of four, and the closing call to action', async ({ page }) => {
    await openPage(page, '/features');
    await expect(page).toHaveTitle('Features | Margin');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Canvas integration/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const live = page.locator('#live-now');
    await expect(live.getByRole('heading', { level: 2, name: 'Live Now' })).toBeVisible();
    await expect(live.getByRole('heading', { level: 3 })).toHaveText([
      'AI Grading Assistance',
      'Canvas Integration',
      'Teacher Dashboard',
      'Security & Privacy',
    ]);
    await expect(live.getByText('Rubric integration, criterion by criterion')).toBeVisible();
    await expect(live.getByText('No permanent storage of student work')).toBeVisible();
    const soon = page.locator('#coming-soon');
    await expect(soon.getByRole('heading', { level: 2, name: 'Coming Soon' })).toBeVisible();
    await expect(soon.getByRole('heading', { level: 3 })).toHaveText([
      'Student AI Literacy Dashboard',
      'Grading AI-Integrated Work',
      'Teacher Professional Development',
      'Analytics & Insights',
    ]);
    await expect(soon.getByText('Coming Soon', { exact: true })).toHaveCount(5);
    await expect(soon.getByText('AI-Literate Educator certification')).toBeVisible();

    const cta = page.locator('section[aria-labelledby="closing-cta-heading"]');
    await expect(cta.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/canvas-setup');
    await expect(cta.getByRole('link', { name: 'Explore AI Literacy' })).toHaveAttribute('href', '/ai-literacy');
    await expect(cta.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
    await cta.getByRole('link', { name: 'View Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('about: creator, not an auto grader, control, bias, benefits, and the FAQ opens one answer at a time', async ({
    page,
  }) => {
    await openPage(page, '/about');
    await expect(page).toHaveTitle('About | Margin');
    await expect(page.getByRole('heading', { name: /Built by a teacher/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This is NOT an Auto Grader' })).toBeVisible();
    await expect(page.getByText('Teacher control and customization')).toBeVisible();
    await expect(page.getByText('Reducing grading bias')).toBeVisible();
    await expect(page.getByText(/less variance between grades/).first()).toBeVisible();
    await expect(page.locator('#benefits').getByText('Teacher-reported')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Explore Features' })).toHaveAttribute('href', '/features');

    const faq = page.locator('#faq');
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(8);
    await expect(questions).toHaveText([
      'Does Margin replace teachers?',
      'How accurate are the AI grading suggestions?',
      'Can I customise the feedback style?',
      "Is my students' data safe and private?",
      'How much time will Margin save me?',
      'Can I use my existing rubrics?',
      'Will students know that AI was involved?',
      'What if I disagree with the AI’s suggestions?',
    ]);
    for (let index = 0; index < 8; index += 1)
      await expect(questions.nth(index)).toHaveAttribute('aria-expanded', 'false');

    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/No\. Margin writes a first draft/)).toBeVisible();

    await questions.nth(6).click();
    await expect(questions.nth(6)).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/That is your decision/)).toBeVisible();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(/No\. Margin writes a first draft/)).toBeHidden();
    await expect(faq.locator('[data-state="open"][role="region"]')).toHaveCount(1);

    // The open answer closes again, leaving every answer closed.
    await questions.nth(6).click();
    await expect(questions.nth(6)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.locator('[role="region"][data-state="open"]')).toHaveCount(0);
    await expect(faq.getByText(/That is your decision/)).toBeHidden();

    // And the keyboard works too.
    await questions.nth(7).focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(7)).toHaveAttribute('aria-expanded', 'true');
  });

  test('privacy: the frontmatter date, the pledge lists, every section and the support address', async ({ page }) => {
    await openPage(page, '/privacy');
    await expect(page).toHaveTitle('Privacy Policy | Margin');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /student privacy pledge/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated January 27, 2025')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Student Privacy Pledge' })).toBeVisible();
    await expect(page.locator('.pledge-list--will-not > li')).toHaveCount(6);
    await expect(page.locator('.pledge-list--will > li')).toHaveCount(8);
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText([
      'Our Student Privacy Pledge',
      '1. Information We Collect',
      '2. How We Use Information',
      '3. Third-Party Services',
      '4. Data Security and Retention',
      '5. Your Rights',
      '6. Legal Compliance',
      '7. Changes to This Policy',
      '8. Contact Us',
    ]);
    await expect(page.getByText(/within 30 days/).first()).toBeVisible();
    await expect(page.getByText('{{SUPPORT_EMAIL}}')).toHaveCount(0);
    await expect(page.getByRole('article').getByRole('link', { name: SUPPORT_EMAIL })).toHaveCount(2);
    await expect(page.getByRole('article').getByRole('link', { name: SUPPORT_EMAIL }).first()).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  test('terms: the frontmatter date, thirteen sections and the fulfillment policy, links inside the app', async ({
    page,
  }) => {
    await openPage(page, '/terms');
    await expect(page).toHaveTitle('Terms of Service | Margin');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated January 27, 2025')).toBeVisible();
    const headings = page.getByRole('article').getByRole('heading', { level: 2 });
    await expect(headings).toHaveCount(16);
    await expect(headings.filter({ hasText: /^\d+\. / })).toHaveCount(13);
    await expect(headings.last()).toHaveText('Fulfillment Policy');
    await expect(page.getByText(/fees you paid us in the twelve months/)).toBeVisible();
    await expect(page.getByText('{{SUPPORT_EMAIL}}')).toHaveCount(0);
    await expect(page.getByRole('article').getByRole('link', { name: SUPPORT_EMAIL })).toHaveCount(5);

    await page.getByRole('article').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });
});

test.describe('contact and support', () => {
  test('the page: title, side card and tabs', async ({ page }) => {
    await openPage(page, '/contact');
    await expect(page).toHaveTitle('Contact & Support | Margin');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact & Support' })).toBeVisible();
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await expect(page.getByRole('heading', { name: /Live chat/ })).toContainText('Coming soon');
    await expect(page.getByRole('heading', { name: /Phone support/ })).toContainText('Enterprise only');
    await expect(page.getByText('We are a remote-first team.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['General Contact', 'Technical Support']);
    await expect(page.getByRole('tab', { name: 'General Contact' })).toHaveAttribute('aria-selected', 'true');

    // The honeypot is there for bots only: not visible, not announced, not reachable with Tab.
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).not.toBeInViewport();
    await expect(page.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
  });

  test('every validation text of the contact form', async ({ page }) => {
    await openPage(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name').fill('A');
    await page.getByLabel('Email').fill('teacher@school');
    await page.getByLabel('Subject').fill('Help');
    await page.getByLabel('Message').fill('Too short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveText([
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]);

    await page.getByLabel('Name').fill('Al');
    await page.getByLabel('Email').fill('al@school.test');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message').fill('0123456789');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a message is sent, shows the sending state, resets the form and reaches the support mailbox', async ({
    page,
  }) => {
    await openPage(page, '/contact');
    await page.getByLabel('Name').fill('Mary Jackson');
    await page.getByLabel('Email').fill('mary.jackson@school.test');
    await page.getByLabel('Subject').fill('Question about rubrics e2e-general');
    await page.getByLabel('Message').fill('Does Margin read the rubric I attached in Canvas?');
    await slowDown(page, '**/api/contact/messages');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await expect(page.getByText("We'll get back to you as soon as possible.")).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Subject')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();

    const mail = await expectMail('[General Contact] Question about rubrics e2e-general');
    expect(mail.to).toEqual([SUPPORT_EMAIL]);
    expect(mail.raw).toMatch(/^Reply-To: mary\.jackson@school\.test/m);
    expect(readable(mail.raw)).toContain('Does Margin read the rubric I attached in Canvas?');
  });

  test('the Technical Support tab sends a support message', async ({ page }) => {
    await openPage(page, '/contact');
    await page.getByRole('tab', { name: 'Technical Support' }).click();
    await expect(page.getByRole('tab', { name: 'Technical Support' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Something not working?');
    await page.getByLabel('Name').fill('Dorothy Vaughan');
    await page.getByLabel('Email').fill('dorothy@school.test');
    await page.getByLabel('Subject').fill('Connection test fails e2e-support');
    await page.getByLabel('Message').fill('The Canvas connection test says my token is invalid.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    // The form resets, and stays on the tab the teacher chose.
    await expect(page.getByRole('tab', { name: 'Technical Support' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Message')).toHaveValue('');
    const mail = await expectMail('[Technical Support] Connection test fails e2e-support');
    expect(mail.raw).toMatch(/^Reply-To: dorothy@school\.test/m);
  });

  test('when the message cannot be stored, the failure toast shows and the form keeps what was typed', async ({
    page,
  }) => {
    await openPage(page, '/contact');
    await page.route('**/api/contact/messages', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }),
      }),
    );
    await page.getByLabel('Name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill('katherine@school.test');
    await page.getByLabel('Subject').fill('Trajectory question');
    await page.getByLabel('Message').fill('A message that the server could not store.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Error sending message')).toBeVisible();
    await expect(page.getByText('Please try again later or email us directly.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Katherine Johnson');
  });
});

test.describe('institutional inquiry', () => {
  const fillValidInquiry = async (page: Page, organization: string) => {
    await page.getByLabel('Organization Name').fill(organization);
    await page.getByLabel('Contact Person').fill('Dana Whitfield');
    await page.getByLabel('Email Address').fill('dana@lakeside.test');
    await page.getByLabel('Phone Number').fill('+1 (555) 010-2030');
    await page.getByLabel('Education Level').selectOption('k-12');
    await page.getByLabel('Number of Teachers').selectOption('51-100');
    await page.getByLabel('Current LMS').selectOption('canvas');
    await page.getByLabel('Implementation Timeline').selectOption('next-semester');
    await page.getByLabel('Budget Range').selectOption('15k-50k');
    await page.getByLabel('Current Challenges').fill('Our teachers spend every weekend grading essays.');
    await page.getByLabel('Additional Requirements').fill('Single sign-on for staff.');
  };

  test('the page, its option lists, and every validation text', async ({ page }) => {
    await openPage(page, '/institutional-inquiry');
    await expect(page).toHaveTitle('Institutional Pricing Inquiry | Margin');
    await expect(page.getByRole('heading', { level: 1, name: 'Institutional Pricing Inquiry' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Institution Information' })).toBeVisible();
    await expect(page.getByText('We reply within 24 hours with a personalized quote.')).toBeVisible();
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);

    const lists = [
      ['Education Level', EDUCATION_LEVEL_OPTIONS],
      ['Number of Teachers', NUMBER_OF_TEACHERS_OPTIONS],
      ['Current LMS', LMS_SYSTEM_OPTIONS],
      ['Implementation Timeline', IMPLEMENTATION_TIMELINE_OPTIONS],
      ['Budget Range', BUDGET_RANGE_OPTIONS],
    ] as const;
    for (const [label, options] of lists) {
      const shown = await page
        .getByLabel(label)
        .locator('option')
        .evaluateAll((elements) =>
          elements.map((element) => ({ value: (element as HTMLOptionElement).value, label: element.textContent })),
        );
      expect(shown.slice(1), label).toEqual(options.map((option) => ({ value: option.value, label: option.label })));
      expect(shown[0]!.value).toBe('');
    }

    await page.getByRole('button', { name: 'Request Custom Quote' }).click();
    const messages = [
      'Organization name is required',
      'Contact person name is required',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Please select an education level',
      'Please select the number of teachers',
      'Please select your LMS',
      'Please select an implementation timeline',
      'Please describe your current challenges',
    ];
    await expect(page.getByRole('alert')).toHaveText(messages);

    await page.getByLabel('Organization Name').fill('L');
    await page.getByLabel('Contact Person').fill('D');
    await page.getByLabel('Email Address').fill('dana@');
    await page.getByLabel('Phone Number').fill('555-0102');
    await page.getByLabel('Current Challenges').fill('Grading');
    await page.getByRole('button', { name: 'Request Custom Quote' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages);

    await fillValidInquiry(page, 'Validation Academy');
    await page.getByLabel('Budget Range').selectOption('');
    await page.getByLabel('Additional Requirements').fill('');
    await page.route('**/api/contact/inquiries', (route) => route.fulfill({ status: 201, json: { received: true } }));
    await page.getByRole('button', { name: 'Request Custom Quote' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Inquiry submitted successfully!')).toBeVisible();
  });

  test('an inquiry is sent with type institutional, resets the form and reaches the support mailbox', async ({
    page,
  }) => {
    await openPage(page, '/institutional-inquiry');
    await fillValidInquiry(page, 'Lakeside Unified e2e');
    const sent = page.waitForRequest('**/api/contact/inquiries');
    await slowDown(page, '**/api/contact/inquiries');
    await page.getByRole('button', { name: 'Request Custom Quote' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect((await sent).postDataJSON()).toMatchObject({
      organizationName: 'Lakeside Unified e2e',
      educationLevel: 'k-12',
      budgetRange: '15k-50k',
      type: 'institutional',
      website: '',
    });
    await expect(page.getByText('Inquiry submitted successfully!')).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours with a custom quote.")).toBeVisible();
    await expect(page.getByLabel('Organization Name')).toHaveValue('');
    await expect(page.getByLabel('Education Level')).toHaveValue('');

    const mail = await expectMail('[Institutional Inquiry] Lakeside Unified e2e');
    expect(mail.to).toEqual([SUPPORT_EMAIL]);
    expect(mail.raw).toMatch(/^Reply-To: dana@lakeside\.test/m);
    expect(readable(mail.raw)).toContain('Education level: K-12 School District');
  });

  test('a failed inquiry shows the failure toast with the support address and keeps the form', async ({ page }) => {
    await openPage(page, '/institutional-inquiry');
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
    await page.route('**/api/contact/inquiries', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }),
      }),
    );
    await fillValidInquiry(page, 'Kept Academy');
    await page.getByRole('button', { name: 'Request Custom Quote' }).click();
    await expect(page.getByText('Error submitting inquiry')).toBeVisible();
    await expect(page.getByText(`Please try again later or email us directly at ${SUPPORT_EMAIL}`)).toBeVisible();
    await expect(page.getByLabel('Organization Name')).toHaveValue('Kept Academy');
    await expect(page.getByLabel('Education Level')).toHaveValue('k-12');
  });
});

test.describe('accessibility and layout', () => {
  for (const path of PUBLIC_PAGES) {
    test(`axe finds no serious or critical problems on ${path} at laptop width`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolations(page);
    });
  }

  test('axe at phone width, also with the menu, an open FAQ answer and validation errors shown', async ({ page }) => {
    // Thirteen axe passes in one test: on a busy two-core machine that is more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of PUBLIC_PAGES) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await overflowingContent(page), path).toEqual([]);
      await expectNoSeriousAxeViolations(page);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await openPage(page, '/about');
    await page.locator('#faq').getByRole('button').first().click();
    await expectNoSeriousAxeViolations(page);
    await openPage(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await openPage(page, '/institutional-inquiry');
    await page.getByRole('button', { name: 'Request Custom Quote' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('tablet width: nothing on any page is cut off or scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    for (const path of PUBLIC_PAGES) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await overflowingContent(page), path).toEqual([]);
    }
  });

  test('every public page has its own title and description', async ({ page }) => {
    const seen = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(title, path).toMatch(/Margin/);
      expect(description?.length ?? 0, path).toBeGreaterThan(50);
      seen.add(`${title}|${description}`);
    }
    expect(seen.size).toBe(PUBLIC_PAGES.length);
  });
});

test('the home page walkthrough video loads and reports its duration, with captions', async ({ page }) => {
  await openPage(page, '/');
  const video = page.getByTestId('walkthrough-video');
  await video.scrollIntoViewIfNeeded();
  await expect(video).toHaveAttribute('poster', '/media/walkthrough-poster.jpg');
  const duration = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
        element.addEventListener('error', () => reject(new Error('the video could not be loaded')), { once: true });
        element.load();
      }),
  );
  expect(duration).toBeGreaterThan(10);
  const captions = await page.request.get('/media/walkthrough.vtt');
  expect(captions.ok()).toBe(true);
  expect(await captions.text()).toMatch(/^WEBVTT/);
  const size = Number((await page.request.head('/media/walkthrough.webm')).headers()['content-length']);
  expect(size).toBeLessThan(3 * 1024 * 1024);
});
