import type { ThrottleSettings } from './http/throttle';

/** One request the demo Canvas received; `path` is relative to the Canvas root (no mount prefix). */
export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  timestamp: number;
}

export interface InjectedFailure {
  status: number;
  /** A string is sent as text/plain, an object as JSON; absent means Canvas's usual body. */
  body: string | Record<string, unknown> | undefined;
  /** Only requests with this method take the failure (e.g. 'PUT' for a grade save); any when absent. */
  method?: string | undefined;
}

/**
 * Knobs for tests and benchmarks, changeable while the server runs: slow Canvas down, make it
 * fail, throttle harder, or count the requests it received.
 */
export interface DemoCanvasFaults {
  /** Added to every request before it is handled. */
  latencyMs: number;
  /** Overrides of the leaky-bucket settings (smaller bucket, fixed cost); null for Canvas's defaults. */
  throttle: Partial<ThrottleSettings> | null;
  /** The latest requests, oldest first; at most REQUEST_LOG_LIMIT are kept. */
  readonly requestLog: RequestLogEntry[];
  /** Appends to the request log, dropping the oldest entry once it holds REQUEST_LOG_LIMIT. */
  logRequest(entry: RequestLogEntry): void;
  /** The next `count` API and file requests answer `status` (with Canvas's usual body unless given). */
  failNext(count: number, status: number, body?: string | Record<string, unknown>, only?: { method?: string }): void;
  /** The next `count` API and file requests have their connection closed without an answer. */
  dropNext(count: number): void;
  /** Back to a healthy Canvas and an empty request log. */
  reset(): void;
  /** Consumes one injected failure, if any is queued (used by the server). */
  takeFailure(method?: string): InjectedFailure | undefined;
  /** Consumes one queued dropped connection (used by the server). */
  takeDrop(): boolean;
}

/**
 * How many requests the log keeps. The demo Canvas can run for weeks inside a public server; an
 * unbounded log would grow with every request anyone sends it.
 */
export const REQUEST_LOG_LIMIT = 500;

export function createDemoCanvasFaults(): DemoCanvasFaults {
  const failures: InjectedFailure[] = [];
  let dropsLeft = 0;
  const faults: DemoCanvasFaults = {
    latencyMs: 0,
    throttle: null,
    requestLog: [],
    logRequest(entry) {
      faults.requestLog.push(entry);
      if (faults.requestLog.length > REQUEST_LOG_LIMIT)
        faults.requestLog.splice(0, faults.requestLog.length - REQUEST_LOG_LIMIT);
    },
    failNext(count, status, body, only = {}) {
      for (let i = 0; i < count; i++) failures.push({ status, body, method: only.method?.toUpperCase() });
    },
    dropNext(count) {
      dropsLeft += count;
    },
    reset() {
      faults.latencyMs = 0;
      faults.throttle = null;
      faults.requestLog.length = 0;
      failures.length = 0;
      dropsLeft = 0;
    },
    takeFailure(method) {
      const index = failures.findIndex(
        (failure) => failure.method === undefined || failure.method === method?.toUpperCase(),
      );
      return index < 0 ? undefined : failures.splice(index, 1)[0];
    },
    takeDrop() {
      if (dropsLeft === 0) return false;
      dropsLeft -= 1;
      return true;
    },
  };
  return faults;
}
