import { AppError } from '@/server/core/app-error';
import { JsonShapeScanner, type JsonShapeVerdict } from '@/server/core/json-shape';
import type { CanvasNetwork } from './canvas-network';
import { PrivateAddressAtConnectError } from './canvas-network';
import { createConcurrencyLimiter, type ConcurrencyLimiter } from './concurrency-limiter';
import {
  canvasResponseError,
  connectionError,
  isThrottledResponse,
  timeoutError,
  unavailableError,
  type RequestSubject,
} from './canvas-errors';
import { parseLinkHeader } from './link-header';
import { assertCanvasUrlAllowed, privateAddress, refused } from './url-guard';

export interface CanvasHttpOptions {
  baseUrl: string;
  token: string;
  /**
   * OAuth2 connections: a new access token after Canvas refused `rejected` with a 401 that carries
   * WWW-Authenticate (expired or deleted). Asked once per call; the request is then sent again.
   */
  renewToken?: ((rejected: string) => Promise<string>) | undefined;
  /** The URL rule for every hop and the connection pool that pins the checked address. */
  network: CanvasNetwork;
  concurrency: number;
  /** One attempt, redirects and reading the body included. */
  timeoutMs: number;
  /** One call, all its attempts, back-offs and pages included. */
  deadlineMs: number;
  /** Largest JSON answer read, per page; a list's pages together may hold `maxListBytes`. */
  maxResponseBytes: number;
  maxListBytes: number;
  maxRetries: number;
  fetch: typeof fetch;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  /** Below this `X-Rate-Limit-Remaining`, requests wait for Canvas's bucket to drain first. */
  rateLimitLowWatermark: number;
  rateLimitMaxPauseMs: number;
  random: () => number;
}

export type QueryValue = string | number | boolean | readonly string[] | undefined;

interface CanvasRequest {
  method: 'GET' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  subject: RequestSubject;
  /** A file download, which Canvas sends on to its file store on another host. */
  isFile?: boolean;
}

type Attempt<T> =
  | { kind: 'ok'; headers: Headers; value: T }
  | { kind: 'http-error'; status: number; bodyText: string; isTokenRefused: boolean }
  | { kind: 'timeout' }
  /** `isBeforeSend`: the connection never opened (DNS, refused), so Canvas cannot have acted. */
  | { kind: 'network'; isBeforeSend: boolean; cause: unknown };

/** Canvas's bucket drains at 10 units a second (`RequestThrottle` outflow). */
const CANVAS_LEAK_PER_SECOND = 10;
const MAX_PAGES = 500;
const MAX_REDIRECTS = 5;
/** Error answers are only read for Canvas's message; the rest is dropped. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/**
 * The shape a JSON answer may have, checked on the bytes as they arrive and before parsing: Canvas
 * nests a threaded discussion two levels per reply and everything else under ten, and a page of 100
 * submissions with their history holds a few thousand objects. V8's JSON.parse spends about a second
 * per megabyte of deep nesting and 0.2 µs on every array or object, so these bound one answer's parse
 * to a few tens of milliseconds.
 */
export const CANVAS_JSON_SHAPE = { maxDepth: 64, maxContainers: 200_000 } as const;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Every HTTP exchange with Canvas: bounded concurrency, a deadline per call and a timeout per
 * attempt, a size limit on every answer, redirects followed by hand with the URL guard applied to
 * each hop, rate-limit pacing, retries with exponential backoff and jitter, and mapping of failures
 * to AppError.
 *
 * Retry rule: a GET is retried on throttling, 5xx, timeouts and network errors. A PUT is retried
 * only when Canvas certainly did not act on it: the throttled 403 (refused before the request is
 * processed) and failures to connect at all. A PUT that timed out, lost its connection or got a
 * 5xx may already have been applied, and repeating it would post the teacher's comment twice.
 */
export class CanvasHttp {
  private readonly limiter: ConcurrencyLimiter;
  private readonly origin: URL;
  private rateLimitRemaining: number | null = null;
  /** The access token in use: an OAuth2 renewal replaces it for the rest of this client's calls. */
  private token: string;
  private renewal: Promise<string> | null = null;

  constructor(private readonly options: CanvasHttpOptions) {
    this.limiter = createConcurrencyLimiter(options.concurrency);
    this.origin = new URL(options.baseUrl);
    this.token = options.token;
  }

  apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, item);
      else search.append(key, String(value));
    }
    const queryString = search.toString();
    return `${this.options.baseUrl}/api/v1/${path}${queryString ? `?${queryString}` : ''}`;
  }

  async getJson(url: string, subject: RequestSubject): Promise<unknown> {
    return (await this.send({ method: 'GET', url, subject }, this.jsonReader(subject), this.deadline())).value;
  }

  async putJson(url: string, body: unknown, subject: RequestSubject): Promise<unknown> {
    return (await this.send({ method: 'PUT', url, body, subject }, this.jsonReader(subject), this.deadline())).value;
  }

  async deleteJson(url: string, subject: RequestSubject): Promise<unknown> {
    return (await this.send({ method: 'DELETE', url, subject }, this.jsonReader(subject), this.deadline())).value;
  }

  /** Follows `rel="next"` until the last page; `pick` finds the list inside an envelope. */
  async getAllPages(
    firstUrl: string,
    subject: RequestSubject,
    pick: (body: unknown) => unknown = (body) => body,
  ): Promise<unknown[]> {
    const items: unknown[] = [];
    const visited = new Set<string>();
    const deadline = this.deadline();
    const budget = { remainingBytes: this.options.maxListBytes };
    let url: string | undefined = firstUrl;
    while (url !== undefined) {
      if (visited.has(url) || visited.size >= MAX_PAGES) {
        throw unavailableError('Canvas kept sending more pages than expected. Please try again later.', {
          reason: 'pagination_loop',
        });
      }
      visited.add(url);
      const page: { headers: Headers; value: unknown } = await this.send(
        { method: 'GET', url, subject },
        this.jsonReader(subject, budget),
        deadline,
      );
      const pageItems = pick(page.value);
      if (!Array.isArray(pageItems)) {
        throw unavailableError(`Canvas sent ${subject.label} in a form Margin could not read.`, {
          reason: 'unexpected_response',
        });
      }
      items.push(...pageItems);
      const next = parseLinkHeader(page.headers.get('link')).get('next');
      url = next === undefined ? undefined : this.onCanvasOrigin(next);
    }
    return items;
  }

  /** Downloads a file from the Canvas origin, refusing bodies over `maxBytes`. */
  async getBytes(
    url: string,
    subject: RequestSubject,
    maxBytes: number,
  ): Promise<{ bytes: Uint8Array; headers: Headers }> {
    const result = await this.send(
      { method: 'GET', url, subject, isFile: true },
      (response) => readCapped(response, maxBytes, fileTooLarge),
      this.deadline(),
    );
    return { bytes: result.value, headers: result.headers };
  }

  /**
   * Link and file URLs must stay on the Canvas origin: the token is only ever sent there. A scheme
   * difference alone (a proxy writing http:// links for an https site) is corrected.
   */
  onCanvasOrigin(url: string): string {
    const target = new URL(url, this.origin);
    if (target.host !== this.origin.host) {
      throw new AppError(
        'CANVAS_URL_REFUSED',
        'Canvas pointed Margin to a different web address, so Margin stopped to keep your access token safe.',
        {
          details: { reason: 'foreign_origin' },
        },
      );
    }
    target.protocol = this.origin.protocol;
    return target.toString();
  }

  private deadline(): number {
    return Date.now() + this.options.deadlineMs;
  }

  /** Reads a JSON answer within the per-answer limit and, for lists, what is left of the list's. */
  private jsonReader(
    subject: RequestSubject,
    budget?: { remainingBytes: number },
  ): (response: Response) => Promise<unknown> {
    return async (response) => {
      const limit = Math.min(this.options.maxResponseBytes, budget?.remainingBytes ?? Number.POSITIVE_INFINITY);
      const shape = new JsonShapeScanner(CANVAS_JSON_SHAPE);
      const bytes = await readCapped(
        response,
        limit,
        () =>
          answerTooLarge(
            subject,
            budget !== undefined && limit < this.options.maxResponseBytes
              ? this.options.maxListBytes
              : this.options.maxResponseBytes,
          ),
        (chunk) => {
          const verdict = shape.feed(chunk);
          return verdict === 'ok' ? undefined : answerMisshapen(subject, verdict);
        },
      );
      if (budget) budget.remainingBytes -= bytes.byteLength;
      return parseJsonAnswer(new TextDecoder().decode(bytes));
    };
  }

  private async send<T>(
    request: CanvasRequest,
    read: (response: Response) => Promise<T>,
    deadline: number,
  ): Promise<{ headers: Headers; value: T }> {
    let hasRenewed = false;
    for (let attempt = 0; ; attempt++) {
      const tokenSent = this.token;
      const outcome = await this.limiter.run(() => this.attempt(request, read, deadline));
      if (outcome.kind === 'ok') return outcome;
      // Canvas refuses a token before acting on the request, so even a PUT may be sent again.
      if (outcome.kind === 'http-error' && outcome.isTokenRefused && this.options.renewToken && !hasRenewed) {
        hasRenewed = true;
        await this.renewAfter(tokenSent);
        attempt--;
        continue;
      }
      if (attempt >= this.options.maxRetries || !isRetryable(outcome, request.method))
        throw this.errorFor(outcome, request.subject);
      const delay = this.backoffDelay(attempt);
      // No time left for another try: the teacher hears now, not after the deadline.
      if (Date.now() + delay >= deadline) throw this.errorFor(outcome, request.subject);
      // Back off outside the limiter so waiting retries do not hold a slot.
      await sleep(delay);
    }
  }

  /** Parallel calls refused with the same token share one renewal. */
  private async renewAfter(rejected: string): Promise<void> {
    if (this.token !== rejected) return;
    this.renewal ??= this.options.renewToken!(rejected).finally(() => {
      this.renewal = null;
    });
    this.token = await this.renewal;
  }

  private async attempt<T>(
    request: CanvasRequest,
    read: (response: Response) => Promise<T>,
    deadline: number,
  ): Promise<Attempt<T>> {
    await this.paceForRateLimit(deadline);
    const remaining = deadline - Date.now();
    if (remaining <= 0) return { kind: 'timeout' };
    const signal = AbortSignal.timeout(Math.min(this.options.timeoutMs, remaining));
    let response: Response;
    try {
      response = await this.exchange(request, signal);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (hasCause(error, PrivateAddressAtConnectError)) throw privateAddress();
      return classifyFailure(error, false);
    }
    this.noteRateLimit(response.headers);
    try {
      if (!response.ok)
        return {
          kind: 'http-error',
          status: response.status,
          bodyText: await readErrorText(response),
          // An expired or deleted token carries WWW-Authenticate; a 401 without it is about permissions or scopes.
          isTokenRefused: response.status === 401 && response.headers.has('www-authenticate'),
        };
      return { kind: 'ok', headers: response.headers, value: await read(response) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The answer had started, so Canvas has acted on the request.
      return classifyFailure(error, true);
    }
  }

  /**
   * One request and its redirects, followed by hand: every target passes the URL guard, and the
   * connection pool checks the address again at connect time. The token goes only to the Canvas
   * origin; a file download that Canvas sends to its file store follows without it. An API call
   * answers from the Canvas host itself: a redirect of one to another host (a vanity or old address
   * that forwards) is refused, naming that host, so the teacher can enter it instead. A change
   * (PUT) is never redirected: repeating it elsewhere is not what the teacher asked for.
   */
  private async exchange(request: CanvasRequest, signal: AbortSignal): Promise<Response> {
    let url = request.url;
    for (let hop = 0; ; hop++) {
      await assertCanvasUrlAllowed(url, this.options.network.policy);
      const target = new URL(url);
      const isCanvasOrigin = target.host === this.origin.host;
      const init = {
        method: request.method,
        headers: {
          ...(isCanvasOrigin ? { authorization: `Bearer ${this.token}` } : {}),
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        redirect: 'manual',
        signal,
        dispatcher: this.options.network.dispatcher,
      };
      const response = await this.options.fetch(url, init as RequestInit);
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location) return response;
      await response.body?.cancel().catch(() => undefined);
      if (request.method !== 'GET') {
        throw refused(
          'Canvas answered the change with a redirect to another address, so Margin did not send it again. Check the Canvas URL in Settings.',
          'redirect',
        );
      }
      if (hop >= MAX_REDIRECTS) {
        throw refused(
          'Canvas sent Margin through too many redirects. Check the Canvas URL in Settings.',
          'too_many_redirects',
        );
      }
      let next: URL;
      try {
        next = new URL(location, target);
      } catch (error) {
        throw refused(
          'Canvas redirected Margin to an address that is not valid. Check the Canvas URL in Settings.',
          'redirect',
          error,
        );
      }
      if (!request.isFile && next.host !== this.origin.host) throw redirectedElsewhere(this.origin, next);
      url = next.toString();
    }
  }

  private errorFor(outcome: Exclude<Attempt<unknown>, { kind: 'ok' }>, subject: RequestSubject): AppError {
    switch (outcome.kind) {
      case 'http-error':
        return canvasResponseError(outcome.status, outcome.bodyText, subject, this.token);
      case 'timeout':
        return timeoutError();
      case 'network':
        return connectionError(this.origin.host, outcome.cause);
    }
  }

  private noteRateLimit(headers: Headers): void {
    const remaining = Number.parseFloat(headers.get('x-rate-limit-remaining') ?? '');
    if (Number.isFinite(remaining)) this.rateLimitRemaining = remaining;
  }

  /** When Canvas says the bucket is nearly full, wait about as long as it needs to drain. */
  private async paceForRateLimit(deadline: number): Promise<void> {
    const remaining = this.rateLimitRemaining;
    const { rateLimitLowWatermark: low, rateLimitMaxPauseMs: maxPause } = this.options;
    if (remaining === null || remaining >= low) return;
    await sleep(Math.min(maxPause, deadline - Date.now(), ((low - remaining) / CANVAS_LEAK_PER_SECOND) * 1000));
  }

  /** Exponential backoff with jitter: half the step is fixed, half random. */
  private backoffDelay(attempt: number): number {
    const step = Math.min(this.options.retryMaxDelayMs, this.options.retryBaseDelayMs * 2 ** attempt);
    return step / 2 + this.options.random() * (step / 2);
  }
}

function isRetryable(outcome: Exclude<Attempt<unknown>, { kind: 'ok' }>, method: CanvasRequest['method']): boolean {
  const isIdempotent = method === 'GET';
  switch (outcome.kind) {
    case 'http-error':
      return isThrottledResponse(outcome.status, outcome.bodyText) || (outcome.status >= 500 && isIdempotent);
    case 'timeout':
      return isIdempotent;
    case 'network':
      return isIdempotent || outcome.isBeforeSend;
  }
}

function classifyFailure(error: unknown, hasResponse: boolean): Attempt<never> {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
  return {
    kind: 'network',
    isBeforeSend: !hasResponse && CONNECT_FAILURES.has(errorCodeOf(error) ?? ''),
    cause: error,
  };
}

/** undici wraps the system error: TypeError('fetch failed') → cause { code: 'ECONNREFUSED' }. */
function errorCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function hasCause(error: unknown, type: new (...args: never[]) => Error): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof type) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function parseJsonAnswer(body: string): unknown {
  // Canvas prefixes `while(1);` only for browser sessions, but strip it if a proxy ever adds it.
  const text = body.replace(/^while\(1\);/, '');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw unavailableError(
      'The Canvas address answered, but not the way Canvas does. Check the Canvas URL in Settings.',
      { reason: 'unexpected_response' },
      error,
    );
  }
}

/**
 * The Canvas address forwards API calls to another host. Following with the token would hand it to
 * that host; following without it would report the other host's answer as this address's.
 */
function redirectedElsewhere(origin: URL, target: URL): AppError {
  const suggested = target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.host;
  return new AppError(
    'CANVAS_URL_REFUSED',
    `${origin.host} forwards to another address, ${target.host}, so Margin did not send your access token there. If ${target.host} is your school's Canvas, enter ${suggested} as the Canvas URL and test again.`,
    { details: { reason: 'redirect_to_other_host', host: target.host, url: suggested } },
  );
}

function answerTooLarge(subject: RequestSubject, limitBytes: number): AppError {
  return new AppError(
    'CANVAS_UNPROCESSABLE',
    `Canvas sent more data for ${subject.label} than Margin reads at once (over ${Math.round(limitBytes / 1024 / 1024)} MB). If this course is very large, ask your Canvas administrator, or contact support.`,
    { details: { reason: 'too_large', limitBytes } },
  );
}

function answerMisshapen(subject: RequestSubject, verdict: Exclude<JsonShapeVerdict, 'ok'>): AppError {
  const why =
    verdict === 'too_deep'
      ? `nested more than ${CANVAS_JSON_SHAPE.maxDepth} levels deep`
      : `with more than ${CANVAS_JSON_SHAPE.maxContainers.toLocaleString('en-US')} parts in one answer`;
  return new AppError(
    'CANVAS_UNPROCESSABLE',
    `Canvas sent ${subject.label} in a shape Margin does not read (${why}), so Margin stopped reading it. Check the Canvas URL in Settings, or contact support if it is right.`,
    { details: { reason: verdict } },
  );
}

function fileTooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `This file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, which is more than Margin reads.`,
    {
      details: { limitBytes: maxBytes },
    },
  );
}

/** The start of an error answer (enough for Canvas's message); the rest is never read. */
async function readErrorText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < MAX_ERROR_BODY_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  if (total >= MAX_ERROR_BODY_BYTES) await reader.cancel().catch(() => undefined);
  return new TextDecoder().decode(concat(chunks, total)).slice(0, MAX_ERROR_BODY_BYTES);
}

/**
 * Reads a body as a stream and stops as soon as it passes `maxBytes` or `inspect` refuses a chunk
 * (nothing more is downloaded).
 */
async function readCapped(
  response: Response,
  maxBytes: number,
  tooLarge: (maxBytes: number) => AppError,
  inspect: (chunk: Uint8Array) => AppError | undefined = () => undefined,
): Promise<Uint8Array> {
  const declared = Number.parseInt(response.headers.get('content-length') ?? '', 10);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    const refusal = inspect(value);
    if (refusal) {
      await reader.cancel().catch(() => undefined);
      throw refusal;
    }
    chunks.push(value);
  }
  return concat(chunks, total);
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
