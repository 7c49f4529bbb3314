/**
 * Canvas HTML (assignment descriptions, submission bodies, comments) to plain text, without a DOM:
 * paragraphs and headings become blank-line separated blocks, list items become lines ("- " or
 * "1. "), table cells are separated by " | ", entities are decoded, and script, style, head and
 * similar elements are dropped with their content. Whitespace is collapsed as a browser would,
 * except inside <pre>.
 */

const DROPPED_ELEMENTS = ['script', 'style', 'head', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'title'];
const BLOCK_ELEMENTS = new Set([
  'p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'blockquote', 'figure', 'figcaption', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'pre', 'address', 'hr', 'table', 'form', 'fieldset', 'details', 'summary', 'dl',
]);
const LINE_ELEMENTS = new Set(['li', 'tr', 'dt', 'dd', 'caption']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ', ndash: '–', mdash: '—', hellip: '…',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›',
  copy: '©', reg: '®', trade: '™', deg: '°', plusmn: '±', times: '×', divide: '÷', frac12: '½', frac14: '¼', frac34: '¾',
  sup2: '²', sup3: '³', middot: '·', bull: '•', para: '¶', sect: '§', cent: '¢', pound: '£', euro: '€', yen: '¥', shy: '',
  zwnj: '', zwj: '', iexcl: '¡', iquest: '¿', prime: '′', Prime: '″', larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔',
  le: '≤', ge: '≥', ne: '≠', asymp: '≈', infin: '∞', minus: '−', micro: 'µ', alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ',
  pi: 'π', sigma: 'σ', theta: 'θ', lambda: 'λ', mu: 'μ', Omega: 'Ω', omega: 'ω', aacute: 'á', eacute: 'é', iacute: 'í',
  oacute: 'ó', uacute: 'ú', ntilde: 'ñ', Aacute: 'Á', Eacute: 'É', Iacute: 'Í', Oacute: 'Ó', Uacute: 'Ú', Ntilde: 'Ñ', agrave: 'à',
  egrave: 'è', ccedil: 'ç', Ccedil: 'Ç', auml: 'ä', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', szlig: 'ß', ecirc: 'ê',
  acirc: 'â', ocirc: 'ô', icirc: 'î', ucirc: 'û', euml: 'ë', iuml: 'ï', oslash: 'ø', aring: 'å', aelig: 'æ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);?/gi, (match: string, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
      return code === 0xa0 ? ' ' : String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[body];
    return named === undefined ? match : named;
  });
}

// One token at a time: a comment, a dropped element with its content, a tag, or text.
const ATTRIBUTES = String.raw`(?:[^>"']|"[^"]*"|'[^']*')*`;
const TOKEN_PATTERN = new RegExp(
  String.raw`<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?\]\]>|<!${ATTRIBUTES}>|<\?${ATTRIBUTES}>|<(${DROPPED_ELEMENTS.join('|')})\b${ATTRIBUTES}>[\s\S]*?(?:<\/\1\s*>|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b${ATTRIBUTES}>|[^<]+|<`,
  'gi',
);

export function htmlToText(html: string): string {
  if (!html) return '';
  const out: string[] = [];
  const lists: { ordered: boolean; counter: number }[] = [];
  let preDepth = 0;
  let cellIndex = 0;

  // Break markers, collapsed at the end: \uE001 = <br> (two make a blank line), \uE002 = paragraph
  // break, \uE003 = start a new line (list items, table rows; several still make one line break).
  const hardBreak = () => out.push('\uE001');
  const blockBreak = () => out.push('\uE002');
  const lineBreak = () => out.push('\uE003');

  for (const match of html.matchAll(TOKEN_PATTERN)) {
    const token = match[0];
    const droppedElement = match[1];
    const isClosing = match[2] === '/';
    const tag = match[3]?.toLowerCase();
    if (droppedElement || token.startsWith('<!') || token.startsWith('<?')) continue;
    if (!tag) {
      const text = decodeEntities(token).replace(/[\uE001-\uE003]/g, '');
      out.push(preDepth > 0 ? text.replace(/\n/g, '\uE001') : text.replace(/[ \t\r\n\f]+/g, ' '));
      continue;
    }
    if (tag === 'br') {
      hardBreak();
      continue;
    }
    if (tag === 'ul' || tag === 'ol') {
      if (isClosing) lists.pop();
      else {
        const start = Number.parseInt(token.match(/\bstart\s*=\s*["']?(\d+)/i)?.[1] ?? '1', 10);
        lists.push({ ordered: tag === 'ol', counter: start - 1 });
      }
      // A nested list continues its item's lines; a top-level list is a block.
      if (lists.length > (isClosing ? 0 : 1)) lineBreak();
      else blockBreak();
      continue;
    }
    if (tag === 'li') {
      if (!isClosing) {
        lineBreak();
        const list = lists.at(-1);
        const indent = '  '.repeat(Math.max(0, lists.length - 1));
        if (list?.ordered) {
          list.counter += 1;
          out.push(`${indent}${list.counter}. `);
        } else out.push(`${indent}- `);
      }
      continue;
    }
    if (tag === 'td' || tag === 'th') {
      if (!isClosing) {
        if (cellIndex > 0) out.push(' | ');
        cellIndex += 1;
      }
      continue;
    }
    if (tag === 'tr') {
      cellIndex = 0;
      if (!isClosing) lineBreak();
      continue;
    }
    if (tag === 'pre') preDepth = Math.max(0, preDepth + (isClosing ? -1 : 1));
    if (tag === 'img' && !isClosing) {
      const alt = token.match(/\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i);
      const altText = decodeEntities(alt?.[1] ?? alt?.[2] ?? '').trim();
      if (altText) out.push(`[image: ${altText}]`);
      continue;
    }
    if (BLOCK_ELEMENTS.has(tag)) blockBreak();
    else if (LINE_ELEMENTS.has(tag)) lineBreak();
  }

  return out
    .join('')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]*[\uE001-\uE003](?:[ \t]*[\uE001-\uE003])*/g, (run) =>
      run.includes('\uE002') ? '\n\n' : '\n'.repeat(Math.min(2, Math.max(1, (run.match(/\uE001/g) ?? []).length))),
    )
    // Leading spaces left by collapsed source whitespace, but not list indentation.
    .replace(/\n[ \t]+(?!- |\d+\. |[ \t])/g, '\n')
    .replace(/^([ \t]*(?:-|\d+\.)) {2,}/gm, '$1 ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
