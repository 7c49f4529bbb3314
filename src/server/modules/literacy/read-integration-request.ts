import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '@/server/core/app-error';
import {
  BOTH_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  INTEGRATION_FILE_FIELD,
  MAX_ASSIGNMENT_CHARACTERS,
  MAX_UPLOAD_BYTES,
  integrationToolFieldsSchema,
  integrationToolRequestSchema,
  type IntegrationToolFields,
} from '@/shared/schemas/literacy';

export type UploadedAssignmentFile = { name: string; bytes: Uint8Array };
export type IntegrationInput = { fields: IntegrationToolFields; file: UploadedAssignmentFile | null };

/**
 * The limits of the multipart upload (busboy's). One file of at most 5 MB; a handful of short
 * fields, each at most big enough for the 20,000-character assignment in 4-byte UTF-8 (a longer
 * value is cut by the parser and then refused by the schema, whose limits are in characters).
 */
export const INTEGRATION_UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 8,
  parts: 10,
  fieldSize: 4 * MAX_ASSIGNMENT_CHARACTERS + 1024,
  fieldNameSize: 100,
  headerPairs: 20,
};

const MAX_FILE_NAME_CHARACTERS = 255;

/** The JSON form of the request (no file): the fields and their quoting, never more. */
export const INTEGRATION_JSON_BODY_LIMIT_BYTES = 128 * 1024;

function refuse(message: string, field?: string): never {
  throw new AppError('VALIDATION', message, field ? { details: { field } } : {});
}

function refuseInvalid(error: z.ZodError): never {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys') refuse(`Unknown field: ${issue.keys[0] ?? ''}`, issue.keys[0]);
  refuse(issue?.message ?? 'Invalid request', issue?.path.join('.') || undefined);
}

/**
 * The integration tool's request, from a multipart upload (fields and at most one file named
 * `file`) or from JSON (fields only). Either way the fields pass the same schema, and title and
 * content (or a file standing in for it) are required.
 */
export async function readIntegrationRequest(request: FastifyRequest): Promise<IntegrationInput> {
  if (!request.isMultipart()) {
    const parsed = integrationToolRequestSchema.safeParse(request.body);
    if (!parsed.success) refuseInvalid(parsed.error);
    return { fields: parsed.data, file: null };
  }

  const values: Record<string, string> = {};
  let file: UploadedAssignmentFile | null = null;
  try {
    for await (const part of request.parts({ limits: INTEGRATION_UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        // Read every part to the end, even one refused below, so the request body is consumed.
        const bytes = await part.toBuffer();
        if (part.fieldname !== INTEGRATION_FILE_FIELD) refuse(`Unknown field: ${part.fieldname}`, part.fieldname);
        // A form whose file input was left empty sends an empty part without a name.
        if (!part.filename && bytes.byteLength === 0) continue;
        if (part.filename.length > MAX_FILE_NAME_CHARACTERS)
          refuse('The file name can be at most 255 characters', 'file');
        file = { name: part.filename, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
      } else {
        if (Object.hasOwn(values, part.fieldname)) refuse(`The field ${part.fieldname} was sent twice`, part.fieldname);
        values[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }

  const parsed = integrationToolFieldsSchema.safeParse(values);
  if (!parsed.success) refuseInvalid(parsed.error);
  const fields = parsed.data;
  if (!fields.assignmentTitle) refuse(BOTH_REQUIRED_MESSAGE, 'assignmentTitle');
  if (!fields.assignmentText && !file) refuse(BOTH_REQUIRED_MESSAGE, 'assignmentText');
  return { fields, file };
}

/** What went wrong while reading the upload, in words a teacher can act on. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { details: { field: 'file' }, cause: error });
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION', 'Upload one file at a time.', { details: { field: 'file' }, cause: error });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('VALIDATION', 'The form sent fields the tool does not know.', { cause: error });
    default:
      // busboy's own errors: a malformed or truncated multipart body.
      return new AppError('VALIDATION', 'The upload was not a complete form. Please try again.', { cause: error });
  }
}
