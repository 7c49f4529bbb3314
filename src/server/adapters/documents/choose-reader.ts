import type { DocumentKind } from './read-result';

/**
 * Which reader a file gets, from its name and its first bytes. The content type a browser or Canvas
 * reports is never used: anyone can claim any type, and a .txt that claims to be HTML must not be
 * parsed as HTML by surprise. The extension decides; a file without one is recognised by its bytes.
 */

export type ReaderChoice =
  | { kind: DocumentKind }
  | { unsupported: string }
  /** The name promises a format the bytes are not. */
  | { mismatch: 'not-text' | 'not-docx' | 'not-pdf' | 'encrypted' };

const TEXT_EXTENSIONS = new Set(['txt', 'text', 'md', 'markdown', 'csv', 'tsv', 'log']);
const HTML_EXTENSIONS = new Set(['html', 'htm', 'xhtml']);

const UNSUPPORTED_REASONS: Record<string, string> = {
  doc: "Word 97-2003 .doc files can't be read; save as .docx",
  rtf: "Rich Text .rtf files can't be read; save as .docx or .pdf",
  odt: "OpenDocument .odt files can't be read; save as .docx or .pdf",
  pages: "Apple Pages files can't be read; export as .docx or .pdf",
  xls: "Spreadsheets can't be read; save the text as .docx, .pdf or .txt",
  xlsx: "Spreadsheets can't be read; save the text as .docx, .pdf or .txt",
  ppt: "Presentations can't be read; save as .pdf",
  pptx: "Presentations can't be read; save as .pdf",
};

export function extensionOf(filename: string): string {
  const match = /\.([a-z0-9]+)$/.exec(filename.toLowerCase());
  return match?.[1] ?? '';
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
const isZip = (bytes: Uint8Array) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
/** Word, Excel and PowerPoint 97-2003 files, and Office files encrypted with a password. */
const isOleContainer = (bytes: Uint8Array) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** "%PDF-" within the first kilobyte (some writers put junk before it), as pdf.js accepts it. */
function isPdf(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  for (let index = 0; index + 4 < head.length; index += 1) {
    if (
      head[index] === 0x25 &&
      head[index + 1] === 0x50 &&
      head[index + 2] === 0x44 &&
      head[index + 3] === 0x46 &&
      head[index + 4] === 0x2d
    )
      return true;
  }
  return false;
}

const hasUtf16ByteOrderMark = (bytes: Uint8Array) => startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);

/** Text has no NUL bytes (unless it is UTF-16 with its byte-order mark) and is no known binary format. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (hasUtf16ByteOrderMark(bytes)) return true;
  if (isZip(bytes) || isPdf(bytes) || isOleContainer(bytes)) return false;
  return !bytes.subarray(0, 8192).includes(0);
}

export function chooseReader(filename: string, bytes: Uint8Array): ReaderChoice {
  const extension = extensionOf(filename);
  if (extension === 'docx') {
    if (isZip(bytes)) return { kind: 'docx' };
    // Word saves a .docx with a password as an encrypted container of the older format.
    return { mismatch: isOleContainer(bytes) ? 'encrypted' : 'not-docx' };
  }
  if (extension === 'pdf') return isPdf(bytes) ? { kind: 'pdf' } : { mismatch: 'not-pdf' };
  if (HTML_EXTENSIONS.has(extension)) return looksLikeText(bytes) ? { kind: 'html' } : { mismatch: 'not-text' };
  if (TEXT_EXTENSIONS.has(extension)) return looksLikeText(bytes) ? { kind: 'text' } : { mismatch: 'not-text' };
  const reason = UNSUPPORTED_REASONS[extension];
  if (reason) return { unsupported: reason };
  if (extension) return { unsupported: `.${extension} files can't be read; upload .txt, .docx, .pdf or .html.` };
  // No extension: the bytes tell.
  if (isPdf(bytes)) return { kind: 'pdf' };
  if (isZip(bytes)) return { kind: 'docx' };
  if (looksLikeText(bytes)) return { kind: 'text' };
  return { unsupported: "Files of this type can't be read; upload .txt, .docx, .pdf or .html." };
}
