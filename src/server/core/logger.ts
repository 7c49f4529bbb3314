import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * What the server writes to its log must be safe to ship to any log store: no passwords, tokens,
 * cookies, names, e-mail addresses, comments, submission text, and no SQL parameters (they carry
 * all of those). Two layers do it: `redact` censors the keys our own log calls might carry, and the
 * error serializer rebuilds every logged error from fields known to be safe, because a database
 * error repeats the query's parameters in its message and in Postgres's `detail`.
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
  const message = withoutParameters(error.message);
  const safe: SafeError = { type: error.constructor?.name || error.name, message };
  if (error.stack) safe.stack = error.stack.replace(error.message, message).replace(/\nparams: [^\n]*/g, '');
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
    ...(stream ? { stream } : {}),
  };
}
