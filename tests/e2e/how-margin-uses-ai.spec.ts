import { expect, test } from './fixtures';

test('a public page says how Margin uses AI, linked from the footer, and arrives prerendered', async ({
  page,
  request,
}) => {
  const response = await request.get('/how-margin-uses-ai');
  expect(response.status()).toBe(200);
  const html = await response.text();
  // Prerendered: the facts are in the page as sent, before any script runs.
  expect(html).toContain('<title>How Margin Uses AI');
  expect(html).toContain('What is sent, and what is removed first');

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'How Margin Uses AI' }).click();
  await expect(page).toHaveURL(/\/how-margin-uses-ai$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How Margin Uses AI');
  for (const heading of [
    'Which model or engine drafts',
    'What is sent, and what is removed first',
    'What is kept, and for how long',
    'A teacher approves every grade',
    'How to choose the offline engine',
  ])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/how-margin-uses-ai-${width}.png`, fullPage: true });
    }
  }
});
