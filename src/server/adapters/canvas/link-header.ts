/**
 * Reads a `Link` header (`<url>; rel="next",<url>; rel="last"`) into a map of rel to URL. Canvas
 * says to treat the URLs as opaque and follow `next`; bookmark pages have no `last`.
 */
export function parseLinkHeader(header: string | null): Map<string, string> {
  const links = new Map<string, string>();
  if (!header) return links;
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const [, url, params] = match;
    const rel = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(params ?? '')?.[1];
    if (url && rel) for (const name of rel.trim().split(/\s+/)) links.set(name.toLowerCase(), url);
  }
  return links;
}
