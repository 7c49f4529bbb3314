import type { ParamValue, Params } from './params';
import { pageOf, perPageOf } from './params';

/** Parameters Canvas strips from the query it carries into `Link` URLs (`EXCLUDE_IN_PAGINATION_LINKS`). */
const NOT_CARRIED = new Set(['page', 'per_page', 'access_token', 'api_key']);

export interface PageOptions {
  /** Endpoint-specific default page size (discussion topics use 100). */
  defaultPerPage?: number;
  /** Upper bound for per_page; null when the endpoint does not clamp it. */
  maxPerPage?: number | null;
}

export interface Page<T> {
  items: T[];
  linkHeader: string;
}

/**
 * Ordinal pagination as `Api.paginate` does it: integer pages from 1, `last` always known,
 * 200 with an empty list past the end, `Link` rels in the order current, next, prev, first, last.
 */
export function paginate<T>(
  items: readonly T[],
  endpointUrl: string,
  query: Params,
  options: PageOptions = {},
): Page<T> {
  const perPage = perPageOf(
    query,
    options.defaultPerPage ?? 10,
    options.maxPerPage === undefined ? 100 : options.maxPerPage,
  );
  const page = pageOf(query);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const carried = toQuery(query);
  const link = (target: number) => `${endpointUrl}?${carried ? `${carried}&` : ''}page=${target}&per_page=${perPage}`;

  const links: string[] = [`<${link(page)}>; rel="current"`];
  if (page < lastPage) links.push(`<${link(page + 1)}>; rel="next"`);
  if (page > 1) links.push(`<${link(page - 1)}>; rel="prev"`);
  links.push(`<${link(1)}>; rel="first"`);
  links.push(`<${link(lastPage)}>; rel="last"`);

  const start = (page - 1) * perPage;
  return { items: items.slice(start, start + perPage), linkHeader: links.join(',') };
}

/** Rails' `Hash#to_query`: every key's pairs CGI-escaped, the pair strings sorted. */
export function toQuery(query: Params): string {
  return Object.entries(query)
    .filter(([key]) => !NOT_CARRIED.has(key))
    .map(([key, value]) => encodePair(key, value))
    .filter((pair) => pair !== '')
    .sort()
    .join('&');
}

function encodePair(prefix: string, value: ParamValue): string {
  if (typeof value === 'string') return `${cgiEscape(prefix)}=${cgiEscape(value)}`;
  if (Array.isArray(value)) {
    return value.length === 0
      ? `${cgiEscape(`${prefix}[]`)}=`
      : value.map((item) => encodePair(`${prefix}[]`, item)).join('&');
  }
  return Object.entries(value)
    .map(([key, child]) => encodePair(`${prefix}[${key}]`, child))
    .sort()
    .join('&');
}

/** Ruby's `CGI.escape`: like encodeURIComponent, but also escapes !'()* and writes spaces as '+'. */
function cgiEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
