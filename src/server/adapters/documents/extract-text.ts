import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { htmlToText } from './html-to-text';

/**
 * Plain text from a file a student attached: .txt and other text/*, .docx (mammoth), .pdf
 * (unpdf), .html. Never throws: a file it cannot read is 'unsupported' (a type it does not read)
 * or 'failed' (too large, damaged, or no text in it), with a reason a teacher can act on.
 */
export type ExtractedText =
  | { status: 'read'; text: string }
  | { status: 'unsupported'; reason: string }
  | { status: 'failed'; reason: string; /** For the operator's log, not the teacher. */ detail?: string };

export type DocumentInput = {
  bytes: Uint8Array;
  filename: string;
  /** The content type Canvas reports; may be missing or generic (application/octet-stream). */
  contentType?: string | null;
};

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

type Kind = 'text' | 'html' | 'docx' | 'pdf' | 'doc' | 'other';

const TEXT_EXTENSIONS = new Set(['txt', 'text', 'md', 'markdown', 'csv', 'tsv', 'log']);
const unsupportedReasons: Record<string, string> = {
  doc: "Word 97-2003 .doc files can't be read; save as .docx",
  rtf: "Rich Text .rtf files can't be read; save as .docx or .pdf",
  odt: "OpenDocument .odt files can't be read; save as .docx or .pdf",
  pages: "Apple Pages files can't be read; export as .docx or .pdf",
  xls: "Spreadsheets can't be read; save the text as .docx, .pdf or .txt",
  xlsx: "Spreadsheets can't be read; save the text as .docx, .pdf or .txt",
  ppt: "Presentations can't be read; save as .pdf",
  pptx: "Presentations can't be read; save as .pdf",
};

function extensionOf(filename: string): string {
  const match = filename.toLowerCase().match(/\.([a-z0-9]+)$/);
  return match?.[1] ?? '';
}

function kindOf(filename: string, contentType: string | null | undefined): Kind {
  const extension = extensionOf(filename);
  const type = (contentType ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (extension === 'docx' || type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return 'docx';
  if (extension === 'pdf' || type === 'application/pdf') return 'pdf';
  if (extension === 'html' || extension === 'htm' || type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (extension === 'doc' || type === 'application/msword') return 'doc';
  if (extension in unsupportedReasons || type === 'text/rtf' || type === 'application/rtf') return 'other';
  if (TEXT_EXTENSIONS.has(extension) || type.startsWith('text/')) return 'text';
  return 'other';
}

/** UTF-8 (BOM removed), or UTF-16 when the file starts with a UTF-16 byte-order mark. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes).replace(/^\uFEFF/, '');
}

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replaceAll('\u0000', '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function isPdf(bytes: Uint8Array): boolean {
  // "%PDF" within the first kilobyte (some writers put junk before it).
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF');
}

async function readDocx(bytes: Uint8Array): Promise<string> {
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return result.value;
}

async function readPdf(bytes: Uint8Array): Promise<string> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy. verbosity 0: errors only.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { text } = await extractText(document, { mergePages: true });
    return text;
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

export async function extractDocumentText(input: DocumentInput): Promise<ExtractedText> {
  const { bytes, filename } = input;
  const name = filename || 'the file';
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    return { status: 'failed', reason: `${name} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB and was not read.` };
  }
  const kind = kindOf(filename, input.contentType);
  try {
    switch (kind) {
      case 'text':
        return { status: 'read', text: tidy(decodeText(bytes)) };
      case 'html':
        return { status: 'read', text: htmlToText(decodeText(bytes)) };
      case 'docx': {
        if (!isZip(bytes)) return { status: 'failed', reason: `${name} is not a valid .docx file; it may be damaged or renamed.` };
        return { status: 'read', text: tidy(await readDocx(bytes)) };
      }
      case 'pdf': {
        if (!isPdf(bytes)) return { status: 'failed', reason: `${name} is not a valid PDF; it may be damaged or renamed.` };
        const text = tidy(await readPdf(bytes));
        if (!text) return { status: 'failed', reason: `${name} has no selectable text (it may be a scanned image); the teacher can read it in Canvas.` };
        return { status: 'read', text };
      }
      case 'doc':
        return { status: 'unsupported', reason: unsupportedReasons.doc ?? '' };
      case 'other': {
        const extension = extensionOf(filename);
        return {
          status: 'unsupported',
          reason: unsupportedReasons[extension] ?? `${extension ? `.${extension} files` : 'Files of this type'} can't be read; upload .txt, .docx, .pdf or .html.`,
        };
      }
    }
  } catch (error) {
    return {
      status: 'failed',
      reason: `${name} could not be read; it may be damaged or password-protected.`,
      detail: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error).slice(0, 300),
    };
  }
}
