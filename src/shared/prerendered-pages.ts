/**
 * The key under which a prerendered page is filed (scripts/prerender.ts) and looked up (the
 * server's static serving): the path without a trailing slash, and the query with its parameters
 * in order. An address with any other query gets the shell and is drawn in the browser, so a page
 * never hydrates over HTML that was rendered for different parameters.
 */
export function prerenderedPageKey(pathname: string, search: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Where the build writes the map from page key to HTML file, inside the client folder. */
export const PRERENDERED_PAGES_MANIFEST = 'pages/pages.json';
