import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRERENDERED_PAGES_MANIFEST, prerenderedPageKey } from '../src/shared/prerendered-pages';
import type { PageHead } from '../src/client/lib/page-meta';

type ServerEntry = {
  prerenderedAddresses(): string[];
  renderPage(address: string): Promise<{ html: string; head: PageHead }>;
};

/**
 * Renders every public page (src/client/entry-server.tsx, built for Node by Vite) into the built
 * client's index.html: the body into `<div id="root">`, and the page's own title, description and
 * Open Graph tags into the head. Writes `pages/*.html` and the map the server reads to find them.
 * index.html itself stays the empty shell for signed-in screens.
 */
export async function prerenderPages(clientDir: string, serverEntryFile: string): Promise<{ pages: number }> {
  const entry = (await import(pathToFileURL(serverEntryFile).href)) as ServerEntry;
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const pages: Record<string, string> = {};
  for (const address of entry.prerenderedAddresses()) {
    const { html, head } = await entry.renderPage(address);
    const url = new URL(address, 'http://margin.prerender');
    const key = prerenderedPageKey(url.pathname, url.search);
    const file = pageFile(key);
    mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    writeFileSync(path.join(clientDir, file), fillTemplate(template, html, head));
    pages[key] = file;
  }
  writeFileSync(path.join(clientDir, PRERENDERED_PAGES_MANIFEST), JSON.stringify(pages, null, 2));
  return { pages: Object.keys(pages).length };
}

/** "/" → pages/index.html, "/ai-literacy/ethics" → pages/ai-literacy/ethics.html, a query becomes part of the name. */
function pageFile(key: string): string {
  const [pathname, query] = key.split('?') as [string, string | undefined];
  const base = pathname === '/' ? '/index' : pathname;
  return `pages${base}${query ? `/${query.replace(/[^a-zA-Z0-9=-]/g, '_')}` : ''}.html`;
}

export function fillTemplate(template: string, body: string, head: PageHead): string {
  const description = head.description ?? '';
  const replacements: Array<[RegExp, string]> = [
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`],
    [
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    ],
    [
      /<meta property="og:title" content="[^"]*" \/>/,
      `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    ],
    [
      /<meta property="og:description" content="[^"]*" \/>/,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
    ],
    [/<meta property="og:type" content="[^"]*" \/>/, `<meta property="og:type" content="${head.type ?? 'website'}" />`],
    [/<div id="root"><\/div>/, `<div id="root">${body}</div>`],
  ];
  let html = template;
  for (const [pattern, replacement] of replacements) {
    if (!pattern.test(html)) throw new Error(`index.html no longer has ${pattern.source}: prerendering cannot fill it`);
    html = html.replace(pattern, () => replacement);
  }
  return html;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
