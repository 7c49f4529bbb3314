// The built client as the server sends it: precompressed files, compressed JSON, prerendered pages.
// Builds the real client once (Vite, prerender, precompress) into a folder of its own.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CANVAS_TOKEN } from '@/server/demo-canvas';
import { buildTestApp } from '@/server/test/test-app';
import { buildClient } from '../../../scripts/build-client';

let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'margin-client-'));
  await buildClient({ outDir: clientDir, logLevel: 'error' });
}, 240_000);
afterAll(() => {
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});
const harness = buildTestApp(() => ({ env: { DEMO_CANVAS: 'true' }, clientDir }));

function builtAsset(extension: string): string {
  const name = readdirSync(path.join(clientDir, 'assets')).find(
    (file) => file.endsWith(extension) && file.startsWith('index-'),
  );
  if (!name) throw new Error(`no built index-*${extension}`);
  return `/assets/${name}`;
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('compression', () => {
  it('sends the JavaScript, the stylesheet, the HTML shell and a prerendered page as Brotli, and each decodes to the built file', async () => {
    const files: Record<string, string> = {
      [builtAsset('.js')]: builtAsset('.js'),
      [builtAsset('.css')]: builtAsset('.css'),
      '/dashboard': 'index.html',
      '/pricing': 'pages/pricing.html',
    };
    for (const [url, file] of Object.entries(files)) {
      const response = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toContain('accept-encoding');
      const onDisk = readFileSync(path.join(clientDir, file));
      expect(response.rawPayload.length, url).toBeLessThan(onDisk.length / 2);
      expect(decode('br', response.rawPayload), url).toBe(onDisk.toString('utf8'));
    }
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const script = builtAsset('.js');
    const gzip = await harness.app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await harness.app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode('gzip', gzip.rawPayload)).toBe(plain.body);
    expect(plain.headers['cache-control']).toContain('immutable');
    expect(gzip.headers['cache-control']).toContain('immutable');
  });

  it('compresses JSON the server builds, and leaves a reply under 1 KB as it is', async () => {
    const headers = { 'accept-encoding': 'br', authorization: `Bearer ${DEMO_CANVAS_TOKEN}` };
    const large = await harness.app.inject({ method: 'GET', url: '/demo-canvas/api/v1/courses?per_page=50', headers });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toContain('application/json');
    expect(large.headers['content-encoding']).toBe('br');
    const courses = JSON.parse(decode('br', large.rawPayload)) as unknown[];
    expect(courses.length).toBeGreaterThan(0);

    const small = await harness.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});

describe('prerendered public pages', () => {
  const page = async (url: string) => {
    const response = await harness.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type'], url).toContain('text/html');
    return response.body;
  };
  const root = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

  it('sends /pricing as HTML with its own title, description and Open Graph tags and its content', async () => {
    const html = await page('/pricing');
    expect(html).toContain('<title>Pricing | Margin</title>');
    expect(html).toContain('<meta property="og:title" content="Pricing | Margin" />');
    expect(html).toMatch(/<meta name="description" content="Start with 10 free submissions[^"]*" \/>/);
    expect(html).toMatch(/<meta property="og:description" content="Start with 10 free submissions[^"]*" \/>/);
    expect(root(html)).toContain('Institutional');
    // Nothing the page's CSP would refuse: no inline script.
    expect(html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('sends an article as an article, its body in the HTML', async () => {
    const html = await page('/ai-pedagogy?article=cognitive-load');
    expect(html).toContain(
      '<title>Cognitive Load Theory and AI: Lighten the Load Without Skipping the Learning | Margin</title>',
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(root(html)).toContain('class="prose article-prose"');
    expect(root(html)).not.toContain('Loading article');
  });

  it('sends the home page, the AI literacy pages and each of their titles', async () => {
    expect(root(await page('/'))).not.toBe('');
    expect(await page('/ai-literacy')).toContain('<title>AI Literacy Resource Center | Margin</title>');
    expect(root(await page('/ai-literacy/ethics/'))).not.toBe('');
  });

  it('sends the empty shell to signed-in screens and to a public page asked for with a query it was not rendered for', async () => {
    for (const url of [
      '/dashboard',
      '/courses/1',
      '/pricing?billing=yearly',
      '/ai-pedagogy?article=cognitive-load&from=mail',
      '/auth',
    ]) {
      expect(root(await page(url)), url).toBe('');
    }
  });

  it('sends the app page for a folder of the build, not the folder', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/assets' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(root(response.body)).toBe('');
  });
});
