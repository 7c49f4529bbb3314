import type { ErrorCode } from '@/shared/error-codes';

export type { ErrorCode } from '@/shared/error-codes';

/**
 * One error type for everything the server reports to a user.
 *
 * `code` decides the HTTP status (see `statusByCode`); `userMessage` is the only text that reaches
 * the browser; `cause` is logged for the operator and never sent.
 */
export const statusByCode = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  USAGE_LIMIT_REACHED: 402,
  CANVAS_NOT_CONNECTED: 409,
  CANVAS_URL_REFUSED: 400,
  CANVAS_TOKEN_INVALID: 502,
  CANVAS_PERMISSION: 502,
  CANVAS_NOT_FOUND: 502,
  CANVAS_UNPROCESSABLE: 502,
  /** Canvas answered the save but did not store the grade that was approved. */
  CANVAS_NOT_STORED: 502,
  /** A practice quiz or an ungraded survey: it has no grade in Canvas, so nothing is drafted, saved or charged. */
  QUIZ_NOT_GRADED: 409,
  CANVAS_THROTTLED: 503,
  CANVAS_UNAVAILABLE: 503,
  /** A shared resource (the document readers) is saturated; the same request may work in a minute. */
  BUSY: 503,
  AI_FAILED: 502,
  MAIL_FAILED: 502,
  BILLING_FAILED: 502,
  /** Neither Stripe nor test-mode billing is configured: nothing can be bought on this installation. */
  BILLING_NOT_CONFIGURED: 503,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly userMessage: string;
  /** Extra, safe-to-show facts for the client (a field name, a limit). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    userMessage: string,
    options: { cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(userMessage, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.userMessage = userMessage;
    this.details = options.details;
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
