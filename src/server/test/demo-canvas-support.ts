/** Small helpers for tests that talk to the demo Canvas over HTTP. Not used by the server. */
export interface CanvasAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary Canvas JSON
}

export async function callCanvas(
  baseUrl: string,
  path: string,
  init: {
    token?: string | null;
    method?: string;
    body?: string;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<CanvasAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.contentType) headers['content-type'] = init.contentType;
  const response = await fetch(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Reads a `Link` header into rel → URL. */
export function linksOf(headers: Headers): Record<string, string> {
  const links: Record<string, string> = {};
  for (const part of (headers.get('link') ?? '').split(',')) {
    const match = /<([^>]+)>; rel="([^"]+)"/.exec(part);
    if (match?.[1] && match[2]) links[match[2]] = match[1];
  }
  return links;
}
