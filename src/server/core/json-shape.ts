const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

export interface JsonShapeLimits {
  /** Deepest nesting of arrays and objects. */
  maxDepth: number;
  /** Most arrays and objects in the whole text: V8 spends about 0.2 µs on each, wherever they sit. */
  maxContainers: number;
}

export type JsonShapeVerdict = 'ok' | 'too_deep' | 'too_many';

/**
 * Checks the shape of JSON text as its bytes arrive, before anything parses it: one pass, stopping at
 * the first level too deep or container too many; brackets inside strings do not count. Works on
 * UTF-8 bytes (no byte of a multi-byte character is ASCII), keeping its state between chunks. It does
 * not validate the JSON; JSON.parse does that afterwards, on text known to be shallow and bounded.
 */
export class JsonShapeScanner {
  private depth = 0;
  private containers = 0;
  private inString = false;
  private escaped = false;
  private verdict: JsonShapeVerdict = 'ok';

  constructor(private readonly limits: JsonShapeLimits) {}

  /** Reads the next chunk; once a limit is passed the verdict stays. */
  feed(chunk: Uint8Array): JsonShapeVerdict {
    if (this.verdict !== 'ok') return this.verdict;
    const { maxDepth, maxContainers } = this.limits;
    let { depth, containers, inString, escaped } = this;
    for (let index = 0; index < chunk.length; index++) {
      const code = chunk[index];
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) {
        inString = true;
      } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
        depth++;
        containers++;
        if (depth > maxDepth) {
          this.verdict = 'too_deep';
          return this.verdict;
        }
        if (containers > maxContainers) {
          this.verdict = 'too_many';
          return this.verdict;
        }
      } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
        depth--;
      }
    }
    Object.assign(this, { depth, containers, inString, escaped });
    return 'ok';
  }
}
