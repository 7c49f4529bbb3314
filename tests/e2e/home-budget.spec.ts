import { HOME_JAVASCRIPT_BUDGET_BYTES, measureTransfer } from '../../bench/pages';
import { expect, test } from './fixtures';

/**
 * The home page's JavaScript stays within its budget as the browser receives it: Brotli from the
 * production build, every script the first visit fetches (headers included), cold cache.
 */
test('the home page downloads at most 120 KB of JavaScript over the wire', async ({ browser, baseURL }) => {
  const transfers = await measureTransfer(browser, `${baseURL}/`);
  const scripts = transfers.filter((transfer) => transfer.type === 'Script');
  expect(scripts.map((script) => script.encoding)).toEqual(scripts.map(() => 'br'));
  // The home screen's own chunk is among them: the page was measured whole.
  expect(scripts.some((script) => /\/assets\/home-[\w-]+\.js$/.test(script.url))).toBe(true);
  const bytes = scripts.reduce((total, script) => total + script.wireBytes, 0);
  const listing = scripts.map((script) => `${script.url.replace(/^.*\//, '')} ${script.wireBytes}`).join('\n');
  expect(bytes, `${(bytes / 1024).toFixed(1)} KB of JavaScript:\n${listing}`).toBeLessThanOrEqual(
    HOME_JAVASCRIPT_BUDGET_BYTES,
  );
});
