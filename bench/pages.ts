import { chromium, type Browser } from '@playwright/test';
import { printTable } from './load';

/** The home page's JavaScript budget, counted as the browser receives it (ADR 006, ADR 018). */
export const HOME_JAVASCRIPT_BUDGET_BYTES = 120 * 1024;
const CPU_SLOWDOWN = 4;
const PAINT_RUNS = 5;

type Transfer = { url: string; type: string; encoding: string; wireBytes: number };

/**
 * What a first visit to `path` costs in Debian's Chromium: every response's bytes on the wire
 * (CDP `encodedDataLength`: compressed body plus headers, as received), the JavaScript among them,
 * and the content encoding each one arrived with. Cold cache, no service worker.
 */
export async function measureTransfer(browser: Browser, url: string): Promise<Transfer[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, Omit<Transfer, 'wireBytes'>>();
  const transfers: Transfer[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]),
    );
    seen.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      encoding: headers['content-encoding'] ?? 'none',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = seen.get(event.requestId);
    if (response) transfers.push({ ...response, wireBytes: event.encodedDataLength });
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 180_000 });
  // The screen's own chunk arrives after the entry's: network idle alone can come before it.
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached', timeout: 180_000 });
  await page.waitForLoadState('networkidle', { timeout: 180_000 });
  await context.close();
  return transfers;
}

/** First contentful paint of `url` with the CPU slowed `CPU_SLOWDOWN` times; the median of several cold loads. */
export async function measureFirstContentfulPaint(
  browser: Browser,
  url: string,
): Promise<{ medianMs: number; runs: number[] }> {
  const runs: number[] = [];
  for (let run = 0; run < PAINT_RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // A slowed CPU on a shared machine can take well over the default 30 s to reach the paint.
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 180_000 });
    const paint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const existing = performance.getEntriesByName('first-contentful-paint')[0];
          if (existing) return resolve(existing.startTime);
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    runs.push(Math.round(paint));
    await context.close();
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runs };
}

/** The home page as a browser receives it: bytes on the wire, JavaScript against its budget, paint time. */
export async function benchPublicPages(address: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const transfers = await measureTransfer(browser, `${address}/`);
    const scripts = transfers.filter((transfer) => transfer.type === 'Script');
    const sum = (list: Transfer[]) => list.reduce((total, transfer) => total + transfer.wireBytes, 0);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const encodings = [...new Set(transfers.map((transfer) => `${transfer.type}:${transfer.encoding}`))]
      .sort()
      .join(', ');
    const paint = await measureFirstContentfulPaint(browser, `${address}/`);
    const scriptBytes = sum(scripts);
    printTable('Home page in Chromium (bytes on the wire, cold cache)', [
      ['everything', `${kb(sum(transfers))} in ${transfers.length} responses`],
      [
        'JavaScript',
        `${kb(scriptBytes)} in ${scripts.length} files (budget ${kb(HOME_JAVASCRIPT_BUDGET_BYTES)}: ${scriptBytes <= HOME_JAVASCRIPT_BUDGET_BYTES ? 'met' : 'OVER'})`,
      ],
      ['content encodings', encodings],
      [
        `first contentful paint, CPU ${CPU_SLOWDOWN}x slower`,
        `${paint.medianMs} ms median of ${paint.runs.length} (${paint.runs.join(', ')} ms)`,
      ],
    ]);
    return { totalBytes: sum(transfers), scriptBytes, firstContentfulPaintMs: paint.medianMs };
  } finally {
    await browser.close();
  }
}
