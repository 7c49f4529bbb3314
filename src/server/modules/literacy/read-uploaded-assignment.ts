import { AppError } from '@/server/core/app-error';
import { extractDocumentText } from '@/server/adapters/documents';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_ASSIGNMENT_CHARACTERS,
  MAX_UPLOAD_BYTES,
  type UploadedFile,
} from '@/shared/schemas/literacy';

const READABLE_EXTENSIONS = ['txt', 'docx', 'pdf'];

function refuse(message: string, cause?: string): never {
  throw new AppError('VALIDATION', message, { details: { field: 'file' }, ...(cause ? { cause: new Error(cause) } : {}) });
}

/**
 * The text of the assignment file a teacher uploaded: .txt, .docx or .pdf. A .doc file, another
 * type, a damaged file, one without text or one too long for the tool is refused with a message
 * that says what to do instead.
 */
export async function readUploadedAssignment(file: UploadedFile): Promise<string> {
  const bytes = Buffer.from(file.contentBase64, 'base64');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { details: { field: 'file' } });
  const extension = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (extension === 'doc') {
    refuse(`${file.name} is a Word 97-2003 .doc file, which Margin cannot read. Save it as .docx or PDF, or paste the text into the content box.`);
  }
  if (!READABLE_EXTENSIONS.includes(extension)) {
    refuse(`${file.name} cannot be read. Upload a .txt, .docx or .pdf file, or paste the text into the content box.`);
  }
  if (bytes.byteLength === 0) refuse(`${file.name} is empty. Paste the assignment text into the content box instead.`);

  const extracted = await extractDocumentText({ bytes, filename: file.name, contentType: file.contentType || null });
  if (extracted.status === 'unsupported') refuse(`${file.name}: ${extracted.reason}.`);
  if (extracted.status === 'failed') refuse(`${extracted.reason} Paste the assignment text into the content box instead.`, extracted.detail);
  const text = extracted.text.trim();
  if (!text) refuse(`No text was found in ${file.name}. Paste the assignment text into the content box instead.`);
  if (text.length > MAX_ASSIGNMENT_CHARACTERS) {
    refuse(
      `${file.name} holds ${text.length.toLocaleString('en-US')} characters of text; the tool takes at most ${MAX_ASSIGNMENT_CHARACTERS.toLocaleString('en-US')}. Paste the part of the assignment you want to work on into the content box.`,
    );
  }
  return text;
}
