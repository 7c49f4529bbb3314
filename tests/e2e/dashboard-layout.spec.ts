import { expect, test } from './fixtures';

const SHOTS = '/work/wt/_shots/rough-edges-2';

test('the dashboard keeps the Canvas banner and usage card inside the page on a phone, and leaves no empty block on a desktop', async ({
  page,
  teacherWithDemoCanvas,
}) => {
  // The demo Canvas teacher's long e-mail is what used to widen the column past the screen's margin.
  await page.setViewportSize({ width: 375, height: 740 });
  await teacherWithDemoCanvas.open('/dashboard');
  const banner = page.getByTestId('canvas-connected-banner');
  await expect(banner).toContainText('Signed in to Canvas as');
  await expect(page.getByTestId('usage-card')).toBeVisible();
  const tile = page.getByRole('link', { name: /Courses/ }).first();
  const usageCard = page.getByTestId('dashboard-usage');
  const [bannerBox, usageBox, tileBox] = await Promise.all([
    banner.boundingBox(),
    usageCard.boundingBox(),
    tile.boundingBox(),
  ]);
  // Everything ends at the same right margin as the tiles (16 px from the edge), none wider.
  expect(Math.round(bannerBox!.x + bannerBox!.width)).toBeLessThanOrEqual(Math.round(tileBox!.x + tileBox!.width));
  expect(Math.round(usageBox!.x + usageBox!.width)).toBeLessThanOrEqual(Math.round(tileBox!.x + tileBox!.width));
  expect(Math.round(tileBox!.x + tileBox!.width)).toBeLessThanOrEqual(375 - 16);
  await page.screenshot({ path: `${SHOTS}/375-dashboard-viewport.png` });

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(banner).toBeVisible();
  const [wideBanner, wideTile, wideUsage] = await Promise.all([
    banner.boundingBox(),
    tile.boundingBox(),
    usageCard.boundingBox(),
  ]);
  // The tiles follow the compact banner directly; the usage card stands beside them.
  expect(wideTile!.y - (wideBanner!.y + wideBanner!.height)).toBeLessThan(40);
  expect(wideUsage!.x).toBeGreaterThan(wideBanner!.x + wideBanner!.width);
  expect(wideBanner!.height).toBeLessThan(130);
  await page.screenshot({ path: `${SHOTS}/1280-dashboard-viewport.png` });
});
