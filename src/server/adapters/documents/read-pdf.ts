import { getDocumentProxy } from 'unpdf';
import { DOCUMENT_LIMITS } from './document-limits';
import { UnreadableDocument, type ReadText, type TextCut } from './read-result';
import { tidyText } from './tidy-text';

/**
 * The text of a PDF (pdf.js through unpdf), one page after another: at most `maxPdfPages` pages,
 * and each page's text is streamed so that reading stops as soon as the text limit is reached,
 * even in the middle of a page whose content stream inflates to megabytes.
 */

type Limits = { maxCharacters: number; maxPages?: number };

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof getDocumentProxy>>['getPage']>>;

export async function readPdfText(bytes: Uint8Array, limits: Limits): Promise<ReadText> {
  const maxPages = limits.maxPages ?? DOCUMENT_LIMITS.maxPdfPages;
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy. verbosity 0: errors only.
    document = await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') throw new UnreadableDocument('encrypted');
    throw new UnreadableDocument('damaged', { detail: describe(error) });
  }
  let unreadRest: UnreadRest | null = null;
  try {
    const pageTexts: string[] = [];
    let length = 0;
    let cut: TextCut | null = null;
    const pagesToRead = Math.min(document.numPages, maxPages);
    for (let pageNumber = 1; pageNumber <= pagesToRead; pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      const remaining = limits.maxCharacters - length;
      const { text, isCut, rest } = await streamPageText(page, remaining);
      unreadRest = rest;
      page.cleanup();
      pageTexts.push(text);
      length += text.length + 1;
      if (isCut || length > limits.maxCharacters) {
        cut = { by: 'characters', limit: limits.maxCharacters };
        break;
      }
    }
    if (!cut && document.numPages > maxPages) cut = { by: 'pages', limit: maxPages };
    const merged = pageTexts
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replaceAll('\n ', '\n');
    const text = tidyText(merged);
    return { text: text.length > limits.maxCharacters ? text.slice(0, limits.maxCharacters) : text, cut };
  } catch (error) {
    if (error instanceof UnreadableDocument) throw error;
    throw new UnreadableDocument('damaged', { detail: describe(error) });
  } finally {
    // Terminates pdf.js's work on a page left half read, which notices at its next time slot,
    // once the rest of what it already produced has been taken off the stream.
    await document.destroy().catch(() => undefined);
    await unreadRest?.stop();
  }
}

/**
 * One page's text, as pdf.js streams it in batches. Past `remaining` characters it stops and hands
 * back `rest`, which drains the stream: pdf.js keeps extracting a cancelled stream to the end, and
 * an undrained one leaves its extraction waiting forever, so destroying the document (which
 * terminates the extraction) needs the stream to keep flowing until it errors.
 */
async function streamPageText(
  page: PdfPage,
  remaining: number,
): Promise<{ text: string; isCut: boolean; rest: UnreadRest | null }> {
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{
    items: Array<{ str?: string; hasEOL?: boolean }>;
  }>;
  const pieces: string[] = [];
  let length = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const item of value.items) {
      if (typeof item.str !== 'string') continue;
      const piece = item.hasEOL ? `${item.str}\n` : item.str;
      pieces.push(piece);
      length += piece.length;
    }
    if (length > remaining) {
      return { text: pieces.join('').slice(0, Math.max(0, remaining)), isCut: true, rest: drain(reader) };
    }
  }
  return { text: pieces.join(''), isCut: false, rest: null };
}

type UnreadRest = { stop(): Promise<void> };

/** Reads and drops the rest of a stream until `stop()`, which ends it (after the document is destroyed). */
function drain(reader: ReadableStreamDefaultReader<unknown>): UnreadRest {
  const drained = (async () => {
    try {
      while (!(await reader.read()).done) {
        // dropped
      }
    } catch {
      // The extraction ended with an error: nothing more will come.
    }
  })();
  return {
    async stop() {
      await reader.cancel().catch(() => undefined);
      await drained;
    },
  };
}
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error).slice(0, 300);
}
