/**
 * Every code the API puts in `{ error: { code } }`, shared so the browser compares against the same
 * constants the server throws. The HTTP status of each stays on the server (`core/app-error.ts`).
 */
export const ERROR_CODE = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  USAGE_LIMIT_REACHED: 'USAGE_LIMIT_REACHED',
  CANVAS_NOT_CONNECTED: 'CANVAS_NOT_CONNECTED',
  CANVAS_URL_REFUSED: 'CANVAS_URL_REFUSED',
  CANVAS_TOKEN_INVALID: 'CANVAS_TOKEN_INVALID',
  CANVAS_PERMISSION: 'CANVAS_PERMISSION',
  CANVAS_NOT_FOUND: 'CANVAS_NOT_FOUND',
  CANVAS_UNPROCESSABLE: 'CANVAS_UNPROCESSABLE',
  /** Canvas answered a grade save but did not store the grade that was approved. */
  CANVAS_NOT_STORED: 'CANVAS_NOT_STORED',
  /** A practice quiz or an ungraded survey: it has no grade in Canvas, so nothing is drafted, saved or charged. */
  QUIZ_NOT_GRADED: 'QUIZ_NOT_GRADED',
  CANVAS_THROTTLED: 'CANVAS_THROTTLED',
  CANVAS_UNAVAILABLE: 'CANVAS_UNAVAILABLE',
  /** A shared resource (the document readers) is saturated; the same request may work in a minute. */
  BUSY: 'BUSY',
  AI_FAILED: 'AI_FAILED',
  MAIL_FAILED: 'MAIL_FAILED',
  BILLING_FAILED: 'BILLING_FAILED',
  /** Neither Stripe nor test-mode billing is configured: nothing can be bought on this installation. */
  BILLING_NOT_CONFIGURED: 'BILLING_NOT_CONFIGURED',
  INTERNAL: 'INTERNAL',
} as const;

/** A code the server sends. */
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/** Failures only the browser can see: no answer at all, or an answer without a known code. */
export const CLIENT_ERROR_CODE = {
  NETWORK: 'NETWORK',
  UNKNOWN: 'UNKNOWN',
} as const;

/** What `ApiError.code` can hold in the browser. */
export type ClientErrorCode = ErrorCode | (typeof CLIENT_ERROR_CODE)[keyof typeof CLIENT_ERROR_CODE];

const serverCodes: ReadonlySet<string> = new Set(Object.values(ERROR_CODE));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && serverCodes.has(value);
}
