import { AppError } from '@/server/core/app-error';
import { isNestedDeeperThan } from '@/server/core/json-body';

/** What a request was about, for messages a teacher can act on ("the assignment", "this grade"). */
export interface RequestSubject {
  /** A noun phrase: "your courses", "the assignment", "the grade for this student". */
  label: string;
  /** True for requests that change something in Canvas (grades, quiz scores). */
  isChange: boolean;
}

const THROTTLED_TEXT = 'Rate Limit Exceeded';
const RECONNECT = 'Reconnect Canvas in Settings with a new access token.';

/** Canvas's throttled answer: a plain-text 403 "403 Forbidden (Rate Limit Exceeded)". */
export function isThrottledResponse(status: number, bodyText: string): boolean {
  return (status === 403 && bodyText.includes(THROTTLED_TEXT)) || status === 429;
}

/**
 * Turns a Canvas error answer into the AppError a teacher sees. `details.canvasStatus` keeps the
 * HTTP status; messages never repeat the token, even if Canvas echoed it.
 */
export function canvasResponseError(
  status: number,
  bodyText: string,
  subject: RequestSubject,
  token: string,
): AppError {
  const canvasMessage = redact(canvasMessageOf(bodyText), token);
  const details = { canvasStatus: status };

  if (isThrottledResponse(status, bodyText)) return throttledError(status);
  if (status === 403 || (status === 401 && isNotAuthorizedBody(bodyText))) {
    const message = subject.isChange
      ? `Canvas did not let you change ${subject.label}: your account does not have permission. Check that your role in this course allows grading.`
      : `Canvas did not let you see ${subject.label}: your account does not have permission. Check your role in this course in Canvas.`;
    return new AppError('CANVAS_PERMISSION', message, { details });
  }
  if (status === 401) {
    const reason = tokenProblemOf(canvasMessage);
    const why = {
      expired: 'Your Canvas access token has expired.',
      revoked: 'Your Canvas access token was deleted in Canvas.',
      scopes: 'Your Canvas access token is limited and cannot be used for this.',
      invalid: 'Canvas did not accept your access token.',
    }[reason];
    return new AppError('CANVAS_TOKEN_INVALID', `${why} ${RECONNECT}`, { details: { ...details, reason } });
  }
  if (status === 404) {
    return new AppError(
      'CANVAS_NOT_FOUND',
      `Canvas could not find ${subject.label}. It may have been deleted, or your account may no longer have access to it.`,
      { details },
    );
  }
  if (status >= 500)
    return unavailableError(
      `Canvas is not responding properly right now (error ${status}). Please try again in a few minutes.`,
      { ...details, reason: 'server_error' },
    );
  const because = canvasMessage ? `: ${canvasMessage}` : '. Please check the values and try again.';
  return new AppError('CANVAS_UNPROCESSABLE', `Canvas did not accept the request for ${subject.label}${because}`, {
    details: canvasMessage ? { ...details, canvasMessage } : details,
  });
}

export function throttledError(status: number | null): AppError {
  return new AppError(
    'CANVAS_THROTTLED',
    'Canvas is limiting how many requests Margin can make right now. Please wait a minute and try again.',
    { details: status === null ? { reason: 'throttled' } : { canvasStatus: status, reason: 'throttled' } },
  );
}

export function unavailableError(message: string, details: Record<string, unknown>, cause?: unknown): AppError {
  return new AppError('CANVAS_UNAVAILABLE', message, { details, cause });
}

export function timeoutError(): AppError {
  return unavailableError('Canvas took too long to answer. Please try again in a few minutes.', { reason: 'timeout' });
}

export function connectionError(host: string, cause: unknown): AppError {
  return unavailableError(
    `Margin could not connect to Canvas at ${host}. Check the Canvas URL in Settings, or try again later.`,
    { reason: 'network' },
    cause,
  );
}

/**
 * "user not authorized to perform that action" is a permission problem even when older Canvas sends
 * it as a 401. (Every non-throttle 403 is one too: `{"status":"unauthorized"}`, quiz "forbidden",
 * "require_initial_post".)
 */
function isNotAuthorizedBody(bodyText: string): boolean {
  return /user not authorized to perform that action/i.test(bodyText);
}

function tokenProblemOf(message: string): 'expired' | 'revoked' | 'scopes' | 'invalid' {
  if (/expired/i.test(message)) return 'expired';
  if (/revoked/i.test(message)) return 'revoked';
  if (/scope/i.test(message)) return 'scopes';
  return 'invalid';
}

/** The human message inside Canvas's various error bodies, if any. */
export function canvasMessageOf(bodyText: string): string {
  const body = parseJson(bodyText);
  const candidates: unknown[] = [];
  if (typeof body === 'string') candidates.push(body);
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const errors = record.errors;
    if (Array.isArray(errors)) candidates.push((errors[0] as { message?: unknown } | undefined)?.message);
    else if (typeof errors === 'string') candidates.push(errors);
    else if (errors && typeof errors === 'object') {
      // `{"errors":{"bucket":[{"message":...}]}}` or `{"errors":{"scope":"..."}}`
      const first = Object.values(errors)[0];
      candidates.push(Array.isArray(first) ? (first[0] as { message?: unknown } | undefined)?.message : first);
    }
    candidates.push(record.message, record.error);
  }
  const message = candidates.find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
  );
  return (message ?? '').trim().slice(0, 300);
}

function parseJson(text: string): unknown {
  // An error answer is at most 64 KB; refusing deep nesting keeps even that parse short.
  if (isNestedDeeperThan(text, 64)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function redact(text: string, token: string): string {
  return token ? text.split(token).join('[token]') : text;
}
