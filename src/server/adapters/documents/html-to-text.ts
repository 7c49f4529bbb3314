import { DOCUMENT_LIMITS } from './document-limits';
import { MarkupScanner } from './scan-markup';
import { joinTidyLines, trimEndSpaces, trimStartSpaces } from './tidy-text';

/**
 * Canvas HTML (assignment descriptions, submission bodies, comments, .html files) to plain text:
 * paragraphs and headings become blank-line separated blocks, list items become lines ("- " or
 * "1. "), table cells are separated by " | ", entities are decoded, and script, style, head and
 * similar elements are dropped with their content. Whitespace is collapsed as a browser would,
 * except inside <pre>.
 *
 * The input is tokenized once, in time that grows with its length whatever its shape (a regex
 * tokenizer took minutes on a few hundred KB of unclosed tags; see scan-markup.ts), fed in slices,
 * and reading stops once `maxCharacters` of text are out.
 */

const DROPPED_ELEMENTS = new Set([
  'script',
  'style',
  'head',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'title',
]);
const BLOCK_ELEMENTS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'blockquote',
  'figure',
  'figcaption',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'address',
  'hr',
  'table',
  'form',
  'fieldset',
  'details',
  'summary',
  'dl',
]);
const LINE_ELEMENTS = new Set(['li', 'tr', 'dt', 'dd', 'caption']);

/** Break markers, collapsed at the end: <br> (two make a blank line), a paragraph break, a new line. */
const HARD_BREAK = '\uE001';
const BLOCK_BREAK = '\uE002';
const LINE_BREAK = '\uE003';

const SLICE_CHARACTERS = 64 * 1024;

export type HtmlToTextOptions = {
  /** Stop reading once this much text is out (the text is cut there). */
  maxCharacters?: number;
};

export function htmlToText(html: string, options: HtmlToTextOptions = {}): string {
  if (!html) return '';
  return htmlToTextWithCut(html, options).text;
}

/** The text, and whether it was cut at `maxCharacters`. */
export function htmlToTextWithCut(html: string, options: HtmlToTextOptions = {}): { text: string; isCut: boolean } {
  const maxCharacters = options.maxCharacters ?? DOCUMENT_LIMITS.maxCharacters;
  const out: string[] = [];
  let length = 0;
  const lists: { ordered: boolean; counter: number }[] = [];
  let droppedDepth = 0;
  let preDepth = 0;
  let cellIndex = 0;

  const push = (piece: string) => {
    out.push(piece);
    length += piece.length;
  };

  const scanner = new MarkupScanner(
    {
      onopen(name, attributes) {
        if (droppedDepth > 0 || DROPPED_ELEMENTS.has(name)) {
          if (DROPPED_ELEMENTS.has(name)) droppedDepth += 1;
          return;
        }
        switch (name) {
          case 'br':
            push(HARD_BREAK);
            return;
          case 'ul':
          case 'ol': {
            const start = Number.parseInt(attributes.start ?? '1', 10);
            lists.push({ ordered: name === 'ol', counter: (Number.isFinite(start) ? start : 1) - 1 });
            // A nested list continues its item's lines; a top-level list is a block.
            push(lists.length > 1 ? LINE_BREAK : BLOCK_BREAK);
            return;
          }
          case 'li': {
            push(LINE_BREAK);
            const list = lists.at(-1);
            const indent = '  '.repeat(Math.max(0, lists.length - 1));
            if (list?.ordered) {
              list.counter += 1;
              push(`${indent}${list.counter}. `);
            } else push(`${indent}- `);
            return;
          }
          case 'td':
          case 'th':
            if (cellIndex > 0) push(' | ');
            cellIndex += 1;
            return;
          case 'tr':
            cellIndex = 0;
            push(LINE_BREAK);
            return;
          case 'img': {
            const alt = (attributes.alt ?? '').trim();
            if (alt) push(`[image: ${alt}]`);
            return;
          }
        }
        if (name === 'pre') preDepth += 1;
        if (BLOCK_ELEMENTS.has(name)) push(BLOCK_BREAK);
        else if (LINE_ELEMENTS.has(name)) push(LINE_BREAK);
      },
      onclose(name) {
        if (DROPPED_ELEMENTS.has(name)) {
          droppedDepth = Math.max(0, droppedDepth - 1);
          return;
        }
        if (droppedDepth > 0) return;
        switch (name) {
          case 'ul':
          case 'ol':
            lists.pop();
            push(lists.length > 0 ? LINE_BREAK : BLOCK_BREAK);
            return;
          case 'tr':
            cellIndex = 0;
            return;
          case 'li':
          case 'td':
          case 'th':
          case 'br':
          case 'img':
            return;
        }
        if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
        if (BLOCK_ELEMENTS.has(name)) push(BLOCK_BREAK);
        else if (LINE_ELEMENTS.has(name)) push(LINE_BREAK);
      },
      ontext(text) {
        if (droppedDepth > 0) return;
        const clean = text.replace(/[\uE001-\uE003]/g, '');
        push(preDepth > 0 ? clean.replace(/\r\n?|\n/g, HARD_BREAK) : clean.replace(/[ \t\r\n\f]+/g, ' '));
      },
    },
    { xmlMode: false, wantsAttribute: (name) => name === 'start' || name === 'alt' },
  );

  let isCut = false;
  for (let offset = 0; offset < html.length; offset += SLICE_CHARACTERS) {
    scanner.write(html.slice(offset, offset + SLICE_CHARACTERS));
    // Break markers count too, so a long run of <br>s cannot slip past the limit.
    if (length > maxCharacters) {
      isCut = true;
      break;
    }
  }
  if (!isCut) scanner.end();

  const text = collapse(out.join(''));
  if (text.length > maxCharacters) return { text: text.slice(0, maxCharacters).trimEnd(), isCut: true };
  return { text, isCut };
}

const SPACE = 0x20;
const TAB = 0x09;
const HARD_BREAK_CODE = HARD_BREAK.charCodeAt(0);
const BLOCK_BREAK_CODE = BLOCK_BREAK.charCodeAt(0);
const LINE_BREAK_CODE = LINE_BREAK.charCodeAt(0);
const isMarker = (code: number) => code === HARD_BREAK_CODE || code === BLOCK_BREAK_CODE || code === LINE_BREAK_CODE;
const isBlank = (code: number) => code === SPACE || code === TAB || isMarker(code);

/**
 * Turns each run of break markers (with the spaces around them) into one or two line ends, then
 * tidies the lines. Plain loops over character codes: see tidy-text.ts for why not regexes.
 */
function collapse(raw: string): string {
  const pieces: string[] = [];
  let index = 0;
  while (index < raw.length) {
    if (!isBlank(raw.charCodeAt(index))) {
      let end = index + 1;
      while (end < raw.length && !isBlank(raw.charCodeAt(end))) end += 1;
      pieces.push(raw.slice(index, end));
      index = end;
      continue;
    }
    let end = index;
    let afterLastMarker = -1;
    let hasBlockBreak = false;
    let hardBreaks = 0;
    while (end < raw.length && isBlank(raw.charCodeAt(end))) {
      const code = raw.charCodeAt(end);
      if (code === BLOCK_BREAK_CODE) hasBlockBreak = true;
      if (code === HARD_BREAK_CODE) hardBreaks += 1;
      end += 1;
      if (isMarker(code)) afterLastMarker = end;
    }
    if (afterLastMarker === -1) pieces.push(raw.slice(index, end));
    else {
      // One <br> is a line end, two or more a blank line; any paragraph break is a blank line.
      pieces.push(
        hasBlockBreak ? '\n\n' : '\n'.repeat(Math.min(2, Math.max(1, hardBreaks))),
        raw.slice(afterLastMarker, end),
      );
    }
    index = end;
  }
  const lines = pieces
    .join('')
    .replaceAll('\u00a0', ' ')
    .split('\n')
    .map((line, lineIndex) => {
      // Spaces left at the start of a line by collapsed source whitespace go, list indentation stays.
      const unindented = trimStartSpaces(line);
      const isListItem = /^(?:- |\d+\. )/.test(unindented);
      const kept = lineIndex > 0 && isListItem ? line : unindented;
      return trimEndSpaces(kept.replace(/^([ \t]*(?:-|\d+\.)) {2,}/, '$1 '));
    });
  return joinTidyLines(lines);
}
