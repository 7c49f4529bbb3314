// Build-time only (scripts/prerender.ts): renders the public pages to HTML with React's static
// renderer. The browser hydrates that HTML (main.tsx) with the same tree.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ARTICLE_IDS } from './features/literacy/articles/article-index';
import { RESOURCE_CATEGORIES } from './features/literacy/content/resource-center';
import { PageHeadCollector, type PageHead } from './lib/page-meta';
import { SessionProvider } from './lib/session';
import { prepareRoutes, routes } from './router';

/**
 * The public pages, as addresses. Signed-in screens, the sign-in page and the not-found page are
 * not here: the server sends them the empty shell and the browser draws them.
 */
export function prerenderedAddresses(): string[] {
  return [
    '/',
    '/features',
    '/pricing',
    '/about',
    '/contact',
    '/institutional-inquiry',
    '/privacy',
    '/how-margin-uses-ai',
    '/terms',
    '/ai-literacy',
    '/ai-literacy/community',
    ...RESOURCE_CATEGORIES.map((category) => `/ai-literacy/${category.slug}`),
    '/ai-pedagogy',
    ...ARTICLE_IDS.map((id) => `/ai-pedagogy?article=${id}`),
    '/ai-assignment-integration',
  ];
}

/** One page's body HTML (what goes inside `<div id="root">`) and what it says about itself. */
export async function renderPage(address: string): Promise<{ html: string; head: PageHead }> {
  const url = new URL(address, 'http://margin.prerender');
  await prepareRoutes(url);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${address} answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`${address} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  let head: PageHead | undefined;
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageHeadCollector.Provider value={(collected) => (head = collected)}>
        <SessionProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionProvider>
      </PageHeadCollector.Provider>
    </StrictMode>,
    {
      // Every boundary inline, however long: a large one would otherwise be sent after the shell
      // and swapped in by an inline script, which the page's CSP and a reader without JavaScript refuse.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (failure) throw failure instanceof Error ? failure : new Error(`${address} failed to render: ${String(failure)}`);
  if (!head) throw new Error(`${address} set no title (usePageMeta)`);
  return { html: Buffer.concat(chunks).toString('utf8'), head };
}
