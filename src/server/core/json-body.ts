import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Deepest nesting of arrays and objects a JSON body may have. Margin's own requests nest four or
 * five levels (a rubric assessment inside a grade); 32 leaves room and refuses `[[[[…]]]]`, which
 * costs V8's JSON.parse about a second per megabyte.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether the nesting of `text` goes deeper than `maxDepth`. One pass over the characters, stopping
 * at the first level too deep; brackets inside strings do not count. It does not validate the JSON:
 * JSON.parse does that afterwards, on text known to be shallow.
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces the JSON body parser with one that refuses deep nesting before parsing, then parses with
 * Fastify's own parser (which keeps refusing `__proto__` and `constructor.prototype` keys). Route
 * and app body limits apply as before.
 */
export function registerJsonBodyParser(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (isNestedDeeperThan(text, maxDepth)) {
      done(
        new AppError(
          'VALIDATION',
          `The request is nested more than ${maxDepth} levels deep, which Margin does not accept.`,
        ),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });
}
