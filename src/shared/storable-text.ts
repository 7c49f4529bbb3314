/**
 * Postgres cannot store every JavaScript string: a NUL byte (U+0000) is refused in text and JSONB
 * columns, and a lone UTF-16 surrogate (half of a pair, e.g. "\ud800") is refused in JSONB. Both
 * arrive through pasted text, broken clients and attackers. Every text the server accepts is cleaned
 * before validation: NUL bytes are dropped, lone surrogates become U+FFFD (the replacement
 * character), and nothing else changes.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const NUL = /\u0000/g;
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const NEEDS_CLEANING = /[\u0000\uD800-\uDFFF]/;

export function storableText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Cleans every string inside a parsed JSON value (keys too), in place where it can, and returns the
 * value. It walks with its own stack, so a deeply nested body cannot overflow the call stack; only
 * plain objects and arrays are entered (a file upload's buffers are left alone).
 */
export function cleanStorableStrings<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (!isPlainContainer(value)) return value;
  const pending: (Record<string, unknown> | unknown[])[] = [value];
  while (pending.length > 0) {
    const container = pending.pop()!;
    if (Array.isArray(container)) {
      for (let index = 0; index < container.length; index++) {
        const item = container[index];
        if (typeof item === 'string') container[index] = storableText(item);
        else if (isPlainContainer(item)) pending.push(item);
      }
      continue;
    }
    for (const key of Object.keys(container)) {
      const item = container[key];
      const cleanKey = storableText(key);
      if (cleanKey !== key) {
        delete container[key];
        container[cleanKey] = item;
      }
      if (typeof item === 'string') container[cleanKey] = storableText(item);
      else if (isPlainContainer(item)) pending.push(item);
    }
  }
  return value;
}
