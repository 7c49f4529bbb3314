import type { Readable } from 'node:stream';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { DOCUMENT_LIMITS } from './document-limits';
import { UnreadableDocument, type ReadText } from './read-result';
import { MarkupScanner } from './scan-markup';
import { tidyText } from './tidy-text';

/**
 * The body text of a .docx, read as a stream: the archive's directory is checked first (how many
 * parts, how large they say they are once unpacked), then only the main document part is inflated,
 * chunk by chunk, into a streaming XML parser that keeps the text and stops at the text limit.
 * yauzl checks that no part inflates to more than it declared, so a lying archive stops there too.
 *
 * The text follows mammoth's raw-text rules (which this replaces because it builds a DOM of the
 * whole document first): the text of w:t runs, tabs, a blank line after each paragraph, deleted
 * and moved-away text left out, and of alternative content only the fallback.
 *
 * Runs a reader of the document cannot see are also handed back on their own (decision 054): hidden
 * (w:vanish), white (w:color FFFFFF) or tiny (w:sz under 4 pt). Their text stays in the body text,
 * as Word's own plain-text export keeps it; the grading kernel flags the passages.
 */

const WORD_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
const COMPATIBILITY_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const OFFICE_DOCUMENT_RELATIONSHIP = /\/officeDocument$/;
const DEFAULT_MAIN_DOCUMENT = 'word/document.xml';
/** w:sz is in half-points: under 8 is under 4 pt, too small to read. */
const TINY_HALF_POINTS = 8;
/** Hidden passages kept at most, and characters each (the kernel clips further). */
const HIDDEN_PASSAGES_LIMIT = 6;
const HIDDEN_PASSAGE_CHARACTERS = 500;

type Limits = { maxCharacters: number };

export async function readDocxText(bytes: Uint8Array, limits: Limits): Promise<ReadText> {
  let zip: ZipFile;
  try {
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (error) {
    // It starts like a zip (choose-reader.ts checked), so it is a damaged one.
    throw new UnreadableDocument('damaged', { detail: describe(error) });
  }
  try {
    if (zip.entryCount > DOCUMENT_LIMITS.maxZipEntries)
      throw new UnreadableDocument('too-many-parts', { count: zip.entryCount });
    const entries = new Map<string, Entry>();
    let unpackedBytes = 0;
    for await (const entry of zip.eachEntry()) {
      unpackedBytes += entry.uncompressedSize;
      if (unpackedBytes > DOCUMENT_LIMITS.maxUnpackedBytes) throw new UnreadableDocument('too-large-unpacked');
      entries.set(entry.fileName, entry);
    }
    const mainPath = await findMainDocument(zip, entries);
    const main = entries.get(mainPath);
    if (!main) throw new UnreadableDocument('not-docx', { detail: `no ${mainPath} in the archive` });
    if (main.isEncrypted()) throw new UnreadableDocument('encrypted');
    const { text, isCut, hidden } = await streamBodyText(await zip.openReadStreamPromise(main), limits.maxCharacters);
    return {
      text: tidyText(text),
      cut: isCut ? { by: 'characters', limit: limits.maxCharacters } : null,
      ...(hidden.length > 0 ? { hidden } : {}),
    };
  } catch (error) {
    if (error instanceof UnreadableDocument) throw error;
    throw new UnreadableDocument('damaged', { detail: describe(error) });
  } finally {
    zip.close();
  }
}

/** The main document part named by the package relationships, as Word finds it. */
async function findMainDocument(zip: ZipFile, entries: Map<string, Entry>): Promise<string> {
  const relationships = entries.get('_rels/.rels');
  if (!relationships || relationships.uncompressedSize > DOCUMENT_LIMITS.maxRelationshipsBytes)
    return DEFAULT_MAIN_DOCUMENT;
  const xml = await readSmallPart(await zip.openReadStreamPromise(relationships));
  let target: string | null = null;
  const scanner = new MarkupScanner(
    {
      onopen(name, attributes) {
        if (
          target === null &&
          localName(name) === 'Relationship' &&
          OFFICE_DOCUMENT_RELATIONSHIP.test(attributes.Type ?? '')
        ) {
          target = attributes.Target ?? null;
        }
      },
    },
    { xmlMode: true, wantsAttribute: (name) => name === 'Type' || name === 'Target' },
  );
  scanner.write(xml);
  scanner.end();
  if (!target) return DEFAULT_MAIN_DOCUMENT;
  return (target as string).replace(/^\/+/, '');
}

async function readSmallPart(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Text of the document part, streamed; stops (and closes the stream) past `maxCharacters`. */
function streamBodyText(
  stream: Readable,
  maxCharacters: number,
): Promise<{ text: string; isCut: boolean; hidden: string[] }> {
  const pieces: string[] = [];
  // Text of hidden runs: consecutive hidden runs make one passage, ended by visible text or a paragraph.
  const hidden: string[] = [];
  let hiddenPassage = '';
  let isRunHidden = false;
  const endHiddenPassage = () => {
    const passage = hiddenPassage.replace(/\s+/g, ' ').trim();
    hiddenPassage = '';
    if (/[a-z]{2,}/i.test(passage) && hidden.length < HIDDEN_PASSAGES_LIMIT)
      hidden.push(passage.slice(0, HIDDEN_PASSAGE_CHARACTERS));
  };
  let length = 0;
  let isCut = false;
  let wordPrefix = 'w';
  let compatibilityPrefix = 'mc';
  const parents: string[] = [];
  let textDepth = 0;
  // Inside mc:Choice (the fallback holds the same text) or w:moveFrom (moved away): nothing is kept.
  let skippedDepth = 0;

  const add = (piece: string) => {
    pieces.push(piece);
    length += piece.length;
  };
  const split = (name: string): [string, string] => {
    const colon = name.indexOf(':');
    return colon === -1 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
  };

  const scanner = new MarkupScanner(
    {
      onopen(name, attributes) {
        if (parents.length === 0) {
          for (const [attribute, value] of Object.entries(attributes)) {
            if (!attribute.startsWith('xmlns:')) continue;
            if (WORD_NAMESPACES.has(value)) wordPrefix = attribute.slice(6);
            if (value === COMPATIBILITY_NAMESPACE) compatibilityPrefix = attribute.slice(6);
          }
        }
        const [prefix, local] = split(name);
        const parent = parents.at(-1);
        parents.push(name);
        if (
          skippedDepth > 0 ||
          (prefix === compatibilityPrefix && local === 'Choice') ||
          (prefix === wordPrefix && local === 'moveFrom')
        ) {
          skippedDepth += 1;
          return;
        }
        if (prefix !== wordPrefix) return;
        const isInRun = parent === `${wordPrefix}:r`;
        if (local === 'r') isRunHidden = false;
        else if (parent === `${wordPrefix}:rPr` && parents.at(-3) === `${wordPrefix}:r`) {
          if (isHiddenProperty(local, attributes[`${wordPrefix}:val`])) isRunHidden = true;
        }
        if (local === 't') textDepth += 1;
        else if (local === 'tab' && isInRun) add('\t');
        else if ((local === 'br' || local === 'cr') && isInRun) add('\n');
        else if (local === 'noBreakHyphen' && isInRun) add('-');
      },
      onclose(name) {
        parents.pop();
        if (skippedDepth > 0) {
          skippedDepth -= 1;
          return;
        }
        const [prefix, local] = split(name);
        if (prefix !== wordPrefix) return;
        if (local === 't') textDepth = Math.max(0, textDepth - 1);
        else if (local === 'p') {
          add('\n\n');
          endHiddenPassage();
        }
      },
      ontext(text) {
        if (textDepth === 0 || skippedDepth > 0) return;
        add(text);
        if (isRunHidden) hiddenPassage += text;
        else if (/\S/.test(text)) endHiddenPassage();
      },
    },
    // The root's namespace declarations, and w:val (read on run properties only).
    {
      xmlMode: true,
      wantsAttribute: (name) => (parents.length === 0 && name.startsWith('xmlns:')) || name === `${wordPrefix}:val`,
    },
  );

  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder('utf-8');
    const finish = () => {
      endHiddenPassage();
      const text = pieces.join('');
      resolve({ text: isCut ? text.slice(0, maxCharacters) : text, isCut, hidden });
    };
    stream.on('data', (chunk: Buffer) => {
      if (isCut) return;
      scanner.write(decoder.decode(chunk, { stream: true }));
      if (length > maxCharacters) {
        isCut = true;
        scanner.stop();
        stream.destroy();
        finish();
      }
    });
    stream.on('end', () => {
      if (isCut) return;
      scanner.write(decoder.decode());
      scanner.end();
      finish();
    });
    stream.on('error', (error) => {
      if (!isCut) reject(error);
    });
  });
}

/** A run property that hides the run's text from a reader: hidden, white, or under 4 pt. */
function isHiddenProperty(local: string, value: string | undefined): boolean {
  switch (local) {
    case 'vanish':
      return value === undefined || !/^(0|false|off)$/i.test(value);
    case 'color':
      return /^(ffffff|fff)$/i.test(value ?? '');
    case 'sz': {
      const halfPoints = Number(value);
      return Number.isFinite(halfPoints) && halfPoints < TINY_HALF_POINTS;
    }
    default:
      return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error).slice(0, 300);
}
