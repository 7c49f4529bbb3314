import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * What the server writes to its log must be safe to ship to any log store: no passwords, tokens,
 * cookies, names, e-mail addresses, comments, submission text, and no SQL parameters (they carry
 * all of those). Three layers do it: `redact` censors the keys our own log calls might carry, the
 * error serializer rebuilds every logged error from fields known to be safe, because a database
 * error repeats the query's parameters in its message and in Postgres's `detail`, and whatever
 * looks like an e-mail address in any string of a line is replaced (an SMTP server's refusal names
 * the recipient; a URL may carry one).
 */

/** Keys that hold personal data or secrets, wherever they appear in a logged object. */
const SENSITIVE_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'canvasToken',
  'apiKey',
  'email',
  'name',
  'fullName',
  'comment',
  'feedback',
  'text',
  'body',
  'params',
];

export const REDACTED = '[redacted]';

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/**
 * Something@domain.tld, with the parts' lengths bounded so that a long string without one costs a
 * linear scan. `/` is not in the local part, so `node_modules/pkg@1.2.3/` in a stack is left alone.
 */
const EMAIL_ADDRESS = /[^\s@<>"'(),;:/[\]]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,8}\.[a-z]{2,24}/gi;
export const EMAIL_REDACTED = '[e-mail]';

/** `text` with every e-mail address replaced. */
export function withoutEmailAddresses(text: string): string {
  return text.includes('@') ? text.replace(EMAIL_ADDRESS, EMAIL_REDACTED) : text;
}

const MAX_SCRUB_DEPTH = 8;

/**
 * A log line's object with the e-mail addresses of its plain strings, arrays and objects replaced (a
 * copy; the caller's is untouched).
 */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutEmailAddresses(value);
  if (depth >= MAX_SCRUB_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  // Requests, replies and errors go to their serializers untouched.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbed(item, depth + 1)]));
}

/** The fields of a Postgres error (node-postgres and PGlite) that never carry row values. */
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'schema', 'routine'] as const;

const MAX_CAUSE_DEPTH = 4;

export type SafeError = {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  cause?: SafeError;
  [field: string]: unknown;
};

/**
 * Rebuilds an error from what is safe to log. Drizzle's query errors read
 * "Failed query: <sql>\nparams: <values>": the SQL stays (it holds placeholders), the values go.
 * Postgres's `detail` ("Key (email)=(ann@school.org) already exists") and `where` go entirely.
 */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a value that is not an Error was thrown' };
  const message = withoutEmailAddresses(withoutParameters(error.message));
  const safe: SafeError = { type: error.constructor?.name || error.name, message };
  if (error.stack) {
    safe.stack = withoutEmailAddresses(error.stack.replace(error.message, message).replace(/\nparams: [^\n]*/g, ''));
  }
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_DATABASE_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') safe[field] = value;
  }
  if (typeof fields.statusCode === 'number') safe.statusCode = fields.statusCode;
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) safe.cause = serializeError(error.cause, depth + 1);
  return safe;
}

function withoutParameters(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
}

/** The pino options the server logs with; `stream` lets a test read what would have been written. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: { err: serializeError, error: serializeError, cause: serializeError },
    formatters: { log: (object) => scrubbed(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((argument) =>
            typeof argument === 'string' ? withoutEmailAddresses(argument) : argument,
          ) as Parameters<typeof method>,
        );
      },
    },
    ...(stream ? { stream } : {}),
  };
}
