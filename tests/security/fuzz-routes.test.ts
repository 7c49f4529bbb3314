import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { buildTestApp } from '@/server/test/test-app';

/**
 * Every route the server registers, sent malformed input built from its own zod schemas: each body,
 * query and path field in turn gets the wrong type, an empty or huge value, a NUL byte, a lone
 * surrogate, an array or an object; whole bodies arrive as the wrong JSON type or nested thousands
 * deep. Nothing may answer 500, and no answer may carry a stack trace or SQL.
 */

type Schema = {
  def?: {
    type?: string;
    in?: Schema;
    innerType?: Schema;
    schema?: Schema;
    entries?: Record<string, string>;
    values?: unknown[];
    options?: Schema[];
    element?: Schema;
    format?: string;
    checks?: { _zod?: { def?: { format?: string; check?: string; minimum?: number } } }[];
  };
  shape?: Record<string, Schema>;
};

/**
 * A value the schema probably accepts, so that one bad field at a time reaches as deep as it can
 * (a body with only the bad field would stop at the first missing field).
 */
function sample(schema: Schema | undefined, depth = 0): unknown {
  const def = schema?.def;
  if (!schema || !def || depth > 8) return undefined;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.shape ?? {})
          // The public forms' honeypot: a filled one files the message as spam before it is stored.
          .filter(([key]) => key !== 'website')
          .map(([key, field]) => [
            key,
            /email/i.test(key) ? `fuzz-${Math.random().toString(36).slice(2)}@school.test` : sample(field, depth + 1),
          ]),
      );
    case 'string': {
      const formats = [def.format, ...(def.checks ?? []).map((check) => check._zod?.def?.format)];
      if (formats.includes('email')) return `fuzz-${Math.random().toString(36).slice(2)}@school.test`;
      if (formats.includes('url')) return 'https://canvas.school.test';
      return 'A reasonable sentence of text for this field, long enough to pass a minimum.';
    }
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [];
    case 'union':
      return sample(def.options?.[0], depth + 1);
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
    case 'catch':
      return sample(def.innerType, depth + 1);
    case 'pipe':
      return sample(def.in, depth + 1);
    default:
      return undefined;
  }
}

/** The field names of a zod object schema, looking through optional, refined and piped wrappers. */
function fieldNames(schema: unknown): string[] {
  let current = schema as Schema | undefined;
  for (let hops = 0; current && hops < 6; hops++) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    current = current.def?.in ?? current.def?.innerType ?? current.def?.schema;
  }
  return [];
}

const HUGE = 'x'.repeat(100_000);
const BAD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  '',
  ' ',
  HUGE,
  'a\u0000b',
  'a\ud800b',
  [],
  ['a'],
  {},
  { nested: { deeper: 1 } },
  true,
];
const BAD_PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  '%00',
  'a%00b',
  '%ED%A0%80',
  'x'.repeat(2000),
  '..%2F..%2Fetc',
];

function deeplyNested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

type Case = { method: string; url: string; body?: string; label: string };

function fillPath(path: string, override?: { name: string; value: string }): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => (override?.name === name ? override.value : '1'));
}

function casesFor(route: RouteOptions): Case[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (m) => m !== 'HEAD' && m !== 'OPTIONS',
  );
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
  const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const cases: Case[] = [];
  for (const method of methods) {
    const base = fillPath(route.url);
    for (const name of params) {
      for (const value of BAD_PATH_VALUES)
        cases.push({ method, url: fillPath(route.url, { name, value }), label: `path ${name}=${value.slice(0, 20)}` });
    }
    for (const name of fieldNames(schema.querystring)) {
      for (const value of BAD_VALUES) {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        // A lone surrogate has no UTF-8 form: send the bytes a broken client would (an encoded surrogate).
        const encoded = /[\uD800-\uDFFF]/.test(text) ? 'a%ED%A0%80b' : encodeURIComponent(text);
        cases.push({
          method,
          url: `${base}?${encodeURIComponent(name)}=${encoded}`,
          label: `query ${name}=${text.slice(0, 20)}`,
        });
      }
      cases.push({ method, url: `${base}?${name}=1&${name}=2`, label: `query ${name} twice` });
    }
    if (method === 'GET' || method === 'DELETE') continue;
    for (const body of ['null', '[]', '"text"', '42', '{}', '{"__proto__":{"admin":true}}', deeplyNested(10_000)]) {
      cases.push({ method, url: base, body, label: `body ${body.slice(0, 24)}` });
    }
    const valid = sample(schema.body as Schema | undefined);
    const baseline = valid && typeof valid === 'object' && !Array.isArray(valid) ? valid : {};
    for (const name of fieldNames(schema.body)) {
      for (const value of BAD_VALUES) {
        for (const body of [{ [name]: value }, { ...baseline, [name]: value }]) {
          cases.push({
            method,
            url: base,
            body: JSON.stringify(body),
            label: `body ${name}=${JSON.stringify(value)?.slice(0, 20)}`,
          });
        }
      }
    }
  }
  return cases;
}

const routes: RouteOptions[] = [];
const harness = buildTestApp({ onRoute: (route) => routes.push(route), canvas: true });
let authorization: string;
beforeAll(async () => {
  // A teacher connected to a Canvas, so that input which passes validation goes all the way down.
  const teacher = await connectedTeacher(harness.app, harness.canvas);
  authorization = teacher.headers.authorization;
});

describe('fuzzing every route', () => {
  it('answers every malformed request without a 500, a stack trace or SQL', { timeout: 240_000 }, async () => {
    const fuzzed = routes.filter((route) => !route.url.includes('*') && !route.url.startsWith('/demo-canvas'));
    expect(fuzzed.length).toBeGreaterThan(40);
    const cases = fuzzed.flatMap(casesFor);
    const failures: string[] = [];
    let tried = 0;
    for (const testCase of cases) {
      // Signing out and disconnecting Canvas would take away what the other cases need.
      if (/\/sign-out/.test(testCase.url) || (testCase.method === 'DELETE' && /\/connection/.test(testCase.url)))
        continue;
      const answer = await harness.app.inject({
        method: testCase.method as 'POST',
        // A new address each time, so the per-address limits of public forms do not hide what is behind them.
        remoteAddress: `198.18.${(tried >> 8) & 255}.${tried & 255}`,
        url: testCase.url,
        headers: { authorization, ...(testCase.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(testCase.body === undefined ? {} : { payload: testCase.body }),
      });
      tried += 1;
      const leak = /\n\s+at |node_modules|Failed query|\.ts:\d+/.test(answer.body);
      if (answer.statusCode === 500 || leak)
        failures.push(
          `${testCase.method} ${testCase.url.slice(0, 80)} (${testCase.label}) → ${answer.statusCode} ${answer.body.slice(0, 120)}`,
        );
    }
    if (process.env.FUZZ_REPORT)
      console.info(`fuzzed ${fuzzed.length} routes with ${tried} requests: ${failures.length} failures`);
    expect(tried).toBeGreaterThan(1500);
    expect(failures).toEqual([]);
  });
});
