import { chooseReader } from './choose-reader';
import { DOCUMENT_LIMITS, READER_BUDGET } from './document-limits';
import { sharedDocumentReader } from './read-in-worker';
import type { ReadOutcome, ReadProblem, TextCut } from './read-result';

/**
 * Plain text from a file a student attached or a teacher uploaded: .txt and other text files,
 * .docx, .pdf, .html. The reader is chosen from the name and the bytes, and runs in a worker with
 * limits on size, time, memory and text (see document-limits.ts). Never throws: a file it cannot
 * read is 'unsupported' (a type it does not read) or 'failed' (too large, damaged, refused by a
 * limit, or no text in it), with a reason a teacher can act on.
 */
export type ExtractedText =
  | {
      status: 'read';
      text: string;
      /** Set when reading stopped at a limit before the end of the file. */ cut?: TextCut;
      /** Passages a reader cannot see (hidden, white or tiny runs of a .docx); they are in `text` too. */
      hidden?: string[];
    }
  | { status: 'unsupported'; reason: string }
  | {
      status: 'failed';
      reason: string;
      /** For the operator's log, not the teacher. */
      detail?: string;
      /** Every reader was busy: the same file may well be read in a minute. */
      isBusy?: boolean;
    };

export type DocumentInput = {
  bytes: Uint8Array;
  filename: string;
  /**
   * The content type Canvas or the browser reports. Not used to choose the reader (anyone can
   * claim any type); the name and the bytes decide.
   */
  contentType?: string | null;
  /** Text to keep at most; reading stops there. Defaults to DOCUMENT_LIMITS.maxCharacters. */
  maxCharacters?: number;
};

export const MAX_DOCUMENT_BYTES = DOCUMENT_LIMITS.maxBytes;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function reasonFor(problem: ReadProblem, name: string, count?: number): string {
  switch (problem) {
    case 'not-text':
      return `${name} is not a text file; it may be damaged or renamed.`;
    case 'not-docx':
      return `${name} is not a valid .docx file; it may be damaged or renamed.`;
    case 'not-pdf':
      return `${name} is not a valid PDF; it may be damaged or renamed.`;
    case 'encrypted':
      return `${name} is protected with a password and could not be read.`;
    case 'damaged':
      return `${name} could not be read; it may be damaged or password-protected.`;
    case 'too-many-parts':
      return `${name} holds ${count === undefined ? 'too many' : count.toLocaleString('en-US')} parts, far more than a Word document has (at most ${DOCUMENT_LIMITS.maxZipEntries.toLocaleString('en-US')} are read), and was not read.`;
    case 'too-large-unpacked':
      return `${name} would unpack to more than ${megabytes(DOCUMENT_LIMITS.maxUnpackedBytes)}, far more than any real document needs, and was not read.`;
    case 'timeout':
      return `${name} took longer than ${READER_BUDGET.timeoutMs / 1000} seconds to read and was skipped.`;
    case 'out-of-memory':
      return `${name} needs more memory to read than a document may use and was skipped.`;
    case 'busy':
      return `Margin is busy reading other files, so ${name} was not read. Please try again in a minute.`;
  }
}

export async function extractDocumentText(input: DocumentInput): Promise<ExtractedText> {
  const { bytes, filename } = input;
  const name = filename || 'the file';
  if (bytes.byteLength > DOCUMENT_LIMITS.maxBytes) {
    return {
      status: 'failed',
      reason: `${name} is larger than ${megabytes(DOCUMENT_LIMITS.maxBytes)} and was not read.`,
    };
  }
  const choice = chooseReader(filename, bytes);
  if ('unsupported' in choice) return { status: 'unsupported', reason: choice.unsupported };
  if ('mismatch' in choice) return { status: 'failed', reason: reasonFor(choice.mismatch, name) };

  const outcome: ReadOutcome = await sharedDocumentReader().read({
    bytes,
    kind: choice.kind,
    maxCharacters: input.maxCharacters ?? DOCUMENT_LIMITS.maxCharacters,
  });
  if (!outcome.ok) {
    return {
      status: 'failed',
      reason: reasonFor(outcome.problem, name, outcome.count),
      ...(outcome.detail ? { detail: outcome.detail } : {}),
      ...(outcome.problem === 'busy' ? { isBusy: true } : {}),
    };
  }
  if (choice.kind === 'pdf' && !outcome.text) {
    return {
      status: 'failed',
      reason: `${name} has no selectable text (it may be a scanned image); the teacher can read it in Canvas.`,
    };
  }
  return {
    status: 'read',
    text: outcome.text,
    ...(outcome.cut ? { cut: outcome.cut } : {}),
    ...(outcome.hidden?.length ? { hidden: outcome.hidden } : {}),
  };
}
