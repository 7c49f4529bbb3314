import { STATUS_CODES } from 'node:http';

/**
 * An error answer exactly as Canvas sends it: status, body (JSON object or plain text) and headers.
 * Route handlers throw it; the plugin's error handler writes it out unchanged.
 */
export class CanvasHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string | Record<string, unknown> | unknown[],
    readonly headers: Record<string, string> = {},
  ) {
    super(`Canvas ${status}`);
    this.name = 'CanvasHttpError';
  }
}

/** Canvas adds this to every 401 that is about the credentials themselves. */
const WWW_AUTHENTICATE = { 'www-authenticate': 'Bearer realm="canvas-lms"' };

/** The plain-text body of a throttled request, trailing newline included. */
export const RATE_LIMIT_EXCEEDED_BODY = '403 Forbidden (Rate Limit Exceeded)\n';

export function missingCredentials(): CanvasHttpError {
  return new CanvasHttpError(
    401,
    { status: 'unauthenticated', errors: [{ message: 'user authorization required' }] },
    WWW_AUTHENTICATE,
  );
}

export function invalidAccessToken(): CanvasHttpError {
  return new CanvasHttpError(401, { errors: [{ message: 'Invalid access token.' }] }, WWW_AUTHENTICATE);
}

export function expiredAccessToken(expiredAt: string): CanvasHttpError {
  return new CanvasHttpError(
    401,
    { errors: [{ message: 'Expired access token.', expired_at: expiredAt }] },
    WWW_AUTHENTICATE,
  );
}

export function revokedAccessToken(): CanvasHttpError {
  return new CanvasHttpError(401, { errors: [{ message: 'Revoked access token.' }] }, WWW_AUTHENTICATE);
}

/** A token of a developer key that enforces scopes, used outside them: 401 without WWW-Authenticate. */
export function insufficientScopes(): CanvasHttpError {
  return new CanvasHttpError(401, { errors: [{ message: 'Insufficient scopes on access token.' }] });
}

/** Authenticated but not allowed: modern Canvas answers 403 (older versions 401) with this body. */
export function unauthorizedAction(): CanvasHttpError {
  return new CanvasHttpError(403, {
    status: 'unauthorized',
    errors: [{ message: 'user not authorized to perform that action' }],
  });
}

export function notFound(): CanvasHttpError {
  return new CanvasHttpError(404, { errors: [{ message: 'The specified resource does not exist.' }] });
}

export function badRequest(body: Record<string, unknown>): CanvasHttpError {
  return new CanvasHttpError(400, body);
}

/** Canvas's `RequestError` shape, used by the classic-quiz APIs: `{"status":"bad_request","message":...}`. */
export function requestError(status: number, message: string): CanvasHttpError {
  return new CanvasHttpError(status, { status: rackStatusName(status), message });
}

/** The generic body Canvas sends for other statuses (`error_code` is the reason phrase in snake_case). */
export function genericError(status: number): CanvasHttpError {
  return new CanvasHttpError(status, {
    errors: [{ message: 'An error occurred.', error_code: rackStatusName(status) }],
  });
}

export function rateLimitExceeded(): CanvasHttpError {
  return new CanvasHttpError(403, RATE_LIMIT_EXCEEDED_BODY);
}

function rackStatusName(status: number): string {
  return (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** The body Canvas would send for `status` when a test injects a failure without a body. */
export function defaultErrorFor(status: number): CanvasHttpError {
  switch (status) {
    case 401:
      return invalidAccessToken();
    case 403:
      return unauthorizedAction();
    case 404:
      return notFound();
    default:
      return genericError(status);
  }
}
