import { CLIENT_ERROR_CODE, isErrorCode, type ClientErrorCode } from '@/shared/error-codes';
import type { ApiErrorBody } from '@/shared/schemas/common';
import { sessionStore } from './session-store';

/** An API failure with the server's user-facing message and, for validation, the field. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's code (`src/shared/error-codes.ts`), NETWORK when there was no answer, UNKNOWN otherwise. */
  readonly code: ClientErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, body: Partial<ApiErrorBody['error']>) {
    super(body.message ?? 'Something went wrong. Please try again.');
    this.name = 'ApiError';
    this.status = status;
    this.code =
      body.code === CLIENT_ERROR_CODE.NETWORK
        ? CLIENT_ERROR_CODE.NETWORK
        : isErrorCode(body.code)
          ? body.code
          : CLIENT_ERROR_CODE.UNKNOWN;
    this.field = body.field;
    this.details = body.details;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Calls our API with the session's bearer token. A 401 on a signed-in call refreshes the session
 * once and retries, so an access token that expired in a sleeping laptop does not surface as an error.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 401 && sessionStore.getSnapshot().session) {
    const refreshed = await sessionStore.refresh();
    if (refreshed) return parse<T>(await send(path, options));
  }
  return parse<T>(response);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionStore.getSnapshot().session?.access_token;
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body sets its own multipart content type, boundary included.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {
      code: CLIENT_ERROR_CODE.NETWORK,
      message: 'Could not reach Margin. Please check your internet connection.',
    });
  }
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const body = (data as Partial<ApiErrorBody> | undefined)?.error ?? {};
    throw new ApiError(response.status, body);
  }
  return data as T;
}
