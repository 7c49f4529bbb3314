import { notFound } from './canvas-errors';

/**
 * Request parameters the way Rails (and so Canvas) reads them: `include[]=a` is a list,
 * `submission[posted_grade]=9` a nested object, `quiz_submissions[][attempt]=1` a list of objects.
 * Query string, form body and JSON body all end up in this one shape.
 */
export type ParamValue = string | ParamValue[] | { [key: string]: ParamValue };
export type Params = { [key: string]: ParamValue };

export function parseNestedPairs(pairs: Iterable<[string, string]>): Params {
  const params: Params = {};
  for (const [name, value] of pairs) assignNested(params, name, value);
  return params;
}

export function queryParams(rawUrl: string): Params {
  const queryStart = rawUrl.indexOf('?');
  if (queryStart === -1) return {};
  return parseNestedPairs(new URLSearchParams(rawUrl.slice(queryStart + 1)));
}

/** Follows Rack's `normalize_params`. */
function assignNested(target: Params, name: string, value: ParamValue): void {
  const match = /^[[\]]*([^[\]]+)\]*/.exec(name);
  const key = match?.[1];
  if (!match || !key) return;
  const after = name.slice(match[0].length);
  if (after === '') {
    target[key] = value;
  } else if (after === '[]') {
    const list = Array.isArray(target[key]) ? target[key] : (target[key] = []);
    list.push(value);
  } else if (after.startsWith('[]')) {
    const childName = /^\[\]\[([^[\]]+)\]$/.exec(after)?.[1] ?? after.slice(2);
    const list = Array.isArray(target[key]) ? target[key] : (target[key] = []);
    const last = list[list.length - 1];
    const childKey = /^[[\]]*([^[\]]+)/.exec(childName)?.[1] ?? childName;
    if (isObject(last) && !(childKey in last)) {
      assignNested(last, childName, value);
    } else {
      const fresh: Params = {};
      assignNested(fresh, childName, value);
      list.push(fresh);
    }
  } else {
    const child = isObject(target[key]) ? target[key] : (target[key] = {});
    assignNested(child, after, value);
  }
}

function isObject(value: ParamValue | undefined): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON body in the same shape as form parameters (Rails reads `17` and `"17"` alike). */
export function paramsFromJson(body: unknown): Params {
  const converted = convertJson(body);
  return isObject(converted) ? converted : {};
}

function convertJson(value: unknown): ParamValue {
  if (Array.isArray(value)) return value.map(convertJson);
  if (value !== null && typeof value === 'object') {
    const result: Params = {};
    for (const [key, child] of Object.entries(value)) result[key] = convertJson(child);
    return result;
  }
  if (value === null || value === undefined) return '';
  return String(value);
}

export function mergeParams(base: Params, override: Params): Params {
  const merged: Params = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const existing = merged[key];
    merged[key] = isObject(existing) && isObject(value) ? mergeParams(existing, value) : value;
  }
  return merged;
}

export function stringParam(params: Params, ...path: string[]): string | undefined {
  let current: ParamValue | undefined = params;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return typeof current === 'string' ? current : undefined;
}

export function objectParam(params: Params, ...path: string[]): Params | undefined {
  let current: ParamValue | undefined = params;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return isObject(current) ? current : undefined;
}

/** Canvas reads list parameters with `Array(params[:x])`, so `include=user` works like `include[]=user`. */
export function listParam(params: Params, key: string): string[] {
  const value = params[key];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** Ruby's `String#to_i`: leading digits, else 0. */
export function rubyToInteger(value: string | undefined): number {
  const match = /^\s*([+-]?\d+)/.exec(value ?? '');
  return match?.[1] ? Number.parseInt(match[1], 10) : 0;
}

/** Canvas's `per_page_for`: the value, or the endpoint default, clamped to 1..100. */
export function perPageOf(params: Params, endpointDefault = 10, maximum: number | null = 100): number {
  const requested = stringParam(params, 'per_page');
  const perPage = requested === undefined ? endpointDefault : rubyToInteger(requested);
  return Math.max(1, maximum === null ? perPage : Math.min(maximum, perPage));
}

/** Ordinal page numbers start at 1; anything else is Folio's InvalidPage, a 404. */
export function pageOf(params: Params): number {
  const requested = stringParam(params, 'page');
  if (requested === undefined) return 1;
  if (!/^\d+$/.test(requested) || Number(requested) < 1) throw notFound();
  return Number(requested);
}

/** Path ids: Canvas accepts database ids (digits); anything we do not model is simply not found. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw notFound();
  return Number(value);
}
