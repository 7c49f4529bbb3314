import { htmlToTextWithCut } from './html-to-text';
import { readDocxText } from './read-docx';
import { readPdfText } from './read-pdf';
import { UnreadableDocument, type ReadOutcome, type ReadTask, type ReadText } from './read-result';
import { tidyText } from './tidy-text';

/**
 * Reads one document with the reader chosen for it. Runs inside a worker (document-worker.ts);
 * tests call it directly. Never throws: every problem becomes a ReadOutcome.
 */
export async function readDocument(task: ReadTask): Promise<ReadOutcome> {
  try {
    const read = await readByKind(task);
    return { ok: true, ...read };
  } catch (error) {
    if (error instanceof UnreadableDocument) {
      return {
        ok: false,
        problem: error.problem,
        ...(error.count === undefined ? {} : { count: error.count }),
        ...(error.detail ? { detail: error.detail } : {}),
      };
    }
    return {
      ok: false,
      problem: 'damaged',
      detail: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error).slice(0, 300),
    };
  }
}

async function readByKind({ bytes, kind, maxCharacters, maxPdfPages }: ReadTask): Promise<ReadText> {
  switch (kind) {
    case 'text': {
      const { text, isCut } = decodeTextPrefix(bytes, maxCharacters);
      return { text: tidyText(text), cut: isCut ? { by: 'characters', limit: maxCharacters } : null };
    }
    case 'html': {
      // Markup takes room too: decode a generous prefix, and let the parser stop at the text limit.
      const { text: html } = decodeTextPrefix(bytes, Number.POSITIVE_INFINITY);
      const { text, isCut } = htmlToTextWithCut(html, { maxCharacters });
      return { text, cut: isCut ? { by: 'characters', limit: maxCharacters } : null };
    }
    case 'docx':
      return readDocxText(bytes, { maxCharacters });
    case 'pdf':
      return readPdfText(bytes, { maxCharacters, ...(maxPdfPages === undefined ? {} : { maxPages: maxPdfPages }) });
  }
}

/**
 * UTF-8 (BOM removed), or UTF-16 when the file starts with a UTF-16 byte-order mark; only the
 * bytes that can hold `maxCharacters` characters are decoded.
 */
export function decodeTextPrefix(bytes: Uint8Array, maxCharacters: number): { text: string; isCut: boolean } {
  const isUtf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  // A character is at most 4 bytes in UTF-8 and 2 in UTF-16 (the 4-byte ones are two characters in JavaScript).
  const byteBudget = Number.isFinite(maxCharacters) ? (isUtf16 ? 2 : 4) * (maxCharacters + 1) + 3 : bytes.length;
  const isPrefix = bytes.length > byteBudget;
  const slice = isPrefix ? bytes.subarray(0, byteBudget) : bytes;
  let text: string;
  if (isUtf16) text = new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(slice.subarray(2));
  else text = new TextDecoder('utf-8').decode(slice).replace(/^\uFEFF/, '');
  if (text.length > maxCharacters) return { text: text.slice(0, maxCharacters), isCut: true };
  return { text, isCut: isPrefix };
}
