import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@/shared/schemas/common';
import { isAppError } from './app-error';

const FALLBACK_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * One place turns every failure into `{ error: { code, message, field? } }`. Validation problems
 * name the field; our AppErrors carry their user message; anything else is logged with its cause
 * and reported as a plain 500 with no internal detail.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const params = (issue?.params ?? {}) as { keys?: string[] };
      const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const field = params.keys?.[0] ? [path, params.keys[0]].filter(Boolean).join('.') : path;
      const message =
        issue?.keyword === 'unrecognized_keys' ? `Unknown field: ${field}` : (issue?.message ?? 'Invalid request');
      return reply.status(400).send(body('VALIDATION', message, field || undefined));
    }
    if (isAppError(error)) {
      if (error.status >= 500) request.log.error({ err: error, cause: error.cause }, error.userMessage);
      else request.log.info({ code: error.code }, error.userMessage);
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') void reply.header('retry-after', String(Math.max(1, retryAfter)));
      const field = typeof error.details?.field === 'string' ? error.details.field : undefined;
      return reply.status(error.status).send(body(error.code, error.userMessage, field, error.details));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('VALIDATION', 'The request body is not valid JSON.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The request is too large.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body('VALIDATION', 'Send the request body as JSON.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body('VALIDATION', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', FALLBACK_MESSAGE));
  });
}

function body(code: string, message: string, field?: string, details?: Record<string, unknown>): ApiErrorBody {
  const safeDetails = details ? Object.fromEntries(Object.entries(details).filter(([key]) => key !== 'field')) : {};
  return {
    error: {
      code,
      message,
      ...(field ? { field } : {}),
      ...(Object.keys(safeDetails).length > 0 ? { details: safeDetails } : {}),
    },
  };
}
