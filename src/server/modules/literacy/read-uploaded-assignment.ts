import { AppError } from '@/server/core/app-error';
import { extractDocumentText } from '@/server/adapters/documents';
import { FILE_TOO_LARGE_MESSAGE, MAX_ASSIGNMENT_CHARACTERS, MAX_UPLOAD_BYTES } from '@/shared/schemas/literacy';
import type { UploadedAssignmentFile } from './read-integration-request';

const READABLE_EXTENSIONS = ['txt', 'docx', 'pdf'];
const PASTE_INSTEAD = 'Paste the assignment text into the content box instead.';
const PASTE_A_PART = 'Paste the part of the assignment you want to work on into the content box.';

function refuse(message: string, cause?: string): never {
  throw new AppError('VALIDATION', message, {
    details: { field: 'file' },
    ...(cause ? { cause: new Error(cause) } : {}),
  });
}

/**
 * The text of the assignment file a teacher uploaded: .txt, .docx or .pdf, chosen by its name and
 * checked against its bytes (the type the browser claims is not used). A .doc file, another type,
 * a damaged file, one without text or one too long for the tool is refused with a message that
 * says what to do instead. Reading stops just past the tool's limit, so a long file costs no more
 * than a short one.
 */
export async function readUploadedAssignment(file: UploadedAssignmentFile): Promise<string> {
  const { name, bytes } = file;
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { details: { field: 'file' } });
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (extension === 'doc') {
    refuse(
      `${name} is a Word 97-2003 .doc file, which Margin cannot read. Save it as .docx or PDF, or paste the text into the content box.`,
    );
  }
  if (!READABLE_EXTENSIONS.includes(extension)) {
    refuse(`${name} cannot be read. Upload a .txt, .docx or .pdf file, or paste the text into the content box.`);
  }
  if (bytes.byteLength === 0) refuse(`${name} is empty. ${PASTE_INSTEAD}`);

  const extracted = await extractDocumentText({ bytes, filename: name, maxCharacters: MAX_ASSIGNMENT_CHARACTERS });
  if (extracted.status === 'unsupported') refuse(`${name}: ${extracted.reason}.`);
  if (extracted.status === 'failed') {
    if (extracted.isBusy)
      throw new AppError('BUSY', extracted.reason, { details: { field: 'file', retryAfterSeconds: 60 } });
    refuse(`${extracted.reason} ${PASTE_INSTEAD}`, extracted.detail);
  }
  if (extracted.cut?.by === 'characters') {
    refuse(
      `${name} holds more than ${MAX_ASSIGNMENT_CHARACTERS.toLocaleString('en-US')} characters of text; the tool takes at most ${MAX_ASSIGNMENT_CHARACTERS.toLocaleString('en-US')}. ${PASTE_A_PART}`,
    );
  }
  if (extracted.cut?.by === 'pages') {
    refuse(
      `${name} has more than ${extracted.cut.limit.toLocaleString('en-US')} pages; the tool reads at most ${extracted.cut.limit.toLocaleString('en-US')}. ${PASTE_A_PART}`,
    );
  }
  const text = extracted.text.trim();
  if (!text) refuse(`No text was found in ${name}. ${PASTE_INSTEAD}`);
  return text;
}
