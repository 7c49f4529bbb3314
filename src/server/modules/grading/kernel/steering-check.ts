import { Parser } from 'htmlparser2';
import type { RubricCriterion } from '@/shared/schemas/ai';
import type { SteeringFlag } from '@/shared/schemas/grading';

/**
 * Work that tries to steer the draft instead of answering the task (decision 054): words addressed
 * to the grader or an AI ("ignore the rubric", "give this full marks"), text a reader cannot see
 * (white or tiny text, hidden elements, HTML comments), and the rubric's own wording repeated as if
 * it were content. Each is flagged to the teacher with the passage; the offline engine drafts
 * without the passages (withoutSteering), and the model's prompt fences the work as data.
 */

const PASSAGE_LIMIT = 240;
const FLAGS_LIMIT = 6;
/** A run of this many words copied from the rubric counts as repeating it. */
const RUBRIC_RUN_WORDS = 8;

const ADDRESSING_GRADER: RegExp[] = [
  /\b(ignore|disregard|forget|override)\b[^.!?\n]{0,60}\b(rubric|instructions?|prompt|criteria|guidelines|rules)\b/i,
  /\b(give|award|assign|grade|mark|score)\b[^.!?\n]{0,40}\b(full marks|full credit|full points|top marks|a perfect score|perfect score|maximum (score|points|marks)|100 ?%|100 points|an? a\+?)(?=[\s.,!?;:]|$)/i,
  /\b(dear|attention|note to( the)?|hey|hello)\s+(grader|marker|teacher'?s? (ai|assistant)|ai|chatgpt|assistant|language model|llm)\b/i,
  /\b(you are an? (ai|grader|grading (assistant|model|system)|language model|assistant))\b/i,
  /\b(as an? (ai|language model)|system prompt|previous instructions|new instructions)\b/i,
  /\b(ai|chatgpt|llm|language model|grading (tool|model|system|assistant)|grader)\b[^.!?\n]{0,40}\b(must|should|shall|needs? to|has to|will)\b[^.!?\n]{0,40}\b(grade|score|mark|rate|award|give)\b/i,
];

/** The sentence around a match, trimmed to PASSAGE_LIMIT. */
function sentenceAround(text: string, index: number, length: number): string {
  const before = text.slice(0, index);
  const start =
    Math.max(before.lastIndexOf('.'), before.lastIndexOf('!'), before.lastIndexOf('?'), before.lastIndexOf('\n')) + 1;
  const rest = text.slice(index + length);
  const endMatch = /[.!?\n]/.exec(rest);
  const end = index + length + (endMatch ? endMatch.index + 1 : rest.length);
  return clip(text.slice(start, end));
}

function clip(passage: string): string {
  const clean = passage.replace(/\s+/g, ' ').trim();
  return clean.length > PASSAGE_LIMIT ? `${clean.slice(0, PASSAGE_LIMIT - 1)}…` : clean;
}

function addressesGrader(text: string): SteeringFlag[] {
  const flags: SteeringFlag[] = [];
  for (const pattern of ADDRESSING_GRADER) {
    const match = pattern.exec(text);
    if (!match) continue;
    const passage = sentenceAround(text, match.index, match[0].length);
    if (!flags.some((flag) => flag.passage === passage)) flags.push({ kind: 'addresses-grader', passage });
  }
  return flags;
}

function isHiddenStyle(style: string): boolean {
  const css = style.toLowerCase().replace(/\s+/g, '');
  if (/display:none|visibility:hidden|opacity:0(\.0+)?(;|$)/.test(css)) return true;
  if (/(^|;)color:(#fff(fff)?|white|rgba?\(255,255,255(,[\d.]+)?\))(;|$|!)/.test(css)) return true;
  const size = /font-size:([\d.]+)(px|pt|em|rem)/.exec(css);
  if (size) {
    const value = Number(size[1]);
    const px = size[2] === 'em' || size[2] === 'rem' ? value * 16 : size[2] === 'pt' ? value * 1.33 : value;
    if (px < 4) return true;
  }
  return false;
}

/** Text inside elements a reader cannot see, and HTML comments with words in them. */
export function findHiddenText(html: string): string[] {
  const passages: string[] = [];
  const stack: boolean[] = [];
  let current = '';
  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (/[a-z]{2,}/i.test(text)) passages.push(clip(text));
    current = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const hidden =
          (stack.at(-1) ?? false) ||
          'hidden' in attributes ||
          isHiddenStyle(attributes.style ?? '') ||
          (name === 'font' && (/^(#fff(fff)?|white)$/i.test(attributes.color ?? '') || attributes.size === '1'));
        if (hidden && !(stack.at(-1) ?? false)) flush();
        stack.push(hidden);
      },
      ontext(text) {
        if (stack.at(-1)) current += text;
      },
      onclosetag() {
        const wasHidden = stack.pop() ?? false;
        if (wasHidden && !(stack.at(-1) ?? false)) flush();
      },
      oncomment(comment) {
        const text = comment.replace(/\s+/g, ' ').trim();
        if (/[a-z]{3,}\s+[a-z]{2,}/i.test(text)) passages.push(clip(text));
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return passages;
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];

function rubricText(rubric: readonly RubricCriterion[]): string {
  return rubric
    .flatMap((criterion) => [
      criterion.description,
      criterion.long_description ?? '',
      ...criterion.ratings.flatMap((rating) => [rating.description, rating.long_description ?? '']),
    ])
    .join('\n');
}

/** Runs of RUBRIC_RUN_WORDS or more words copied from the rubric's wording. */
export function findRubricEcho(text: string, rubric: readonly RubricCriterion[] | null): string[] {
  if (!rubric || rubric.length === 0) return [];
  const sourceWords = words(rubricText(rubric));
  if (sourceWords.length < RUBRIC_RUN_WORDS) return [];
  const shingles = new Set<string>();
  for (let i = 0; i + RUBRIC_RUN_WORDS <= sourceWords.length; i += 1)
    shingles.add(sourceWords.slice(i, i + RUBRIC_RUN_WORDS).join(' '));
  const tokens = [...text.matchAll(/[A-Za-z0-9']+/g)];
  const lower = tokens.map((token) => token[0].toLowerCase());
  const passages: string[] = [];
  let i = 0;
  while (i + RUBRIC_RUN_WORDS <= lower.length) {
    if (!shingles.has(lower.slice(i, i + RUBRIC_RUN_WORDS).join(' '))) {
      i += 1;
      continue;
    }
    let end = i + RUBRIC_RUN_WORDS;
    while (end < lower.length && shingles.has(lower.slice(end - RUBRIC_RUN_WORDS + 1, end + 1).join(' '))) end += 1;
    const from = tokens[i]!.index;
    const last = tokens[end - 1]!;
    passages.push(clip(text.slice(from, last.index + last[0].length)));
    i = end;
  }
  return passages;
}

/** Hidden passages a document reader found (hidden, white or tiny runs of a .docx), as flags. */
export function hiddenTextFlags(passages: readonly string[]): SteeringFlag[] {
  const flags: SteeringFlag[] = [];
  for (const passage of passages) {
    const flag = { kind: 'hidden-text' as const, passage: clip(passage) };
    if (!flags.some((known) => known.passage === flag.passage)) flags.push(flag);
  }
  return flags.slice(0, FLAGS_LIMIT);
}

/** Every flag for one piece of work: its HTML when it has any, its text, and the assignment's rubric. */
export function checkForSteering(work: {
  html: string | null;
  text: string;
  rubric: readonly RubricCriterion[] | null;
  /** Hidden passages the document readers found in the attached files. */
  hiddenInFiles?: readonly string[];
}): SteeringFlag[] {
  const flags: SteeringFlag[] = [
    ...addressesGrader(work.text),
    ...(work.html ? findHiddenText(work.html).map((passage) => ({ kind: 'hidden-text' as const, passage })) : []),
    ...hiddenTextFlags(work.hiddenInFiles ?? []),
    ...findRubricEcho(work.text, work.rubric).map((passage) => ({ kind: 'rubric-echo' as const, passage })),
  ];
  return flags.slice(0, FLAGS_LIMIT);
}

/**
 * The work without the flagged passages: what the offline engine measures, so words aimed at the
 * grader, hidden text and copied rubric wording earn nothing (length, vocabulary, topic).
 */
export function withoutSteering(text: string, flags: readonly SteeringFlag[]): string {
  let result = text;
  for (const flag of flags) {
    const passage = flag.passage.replace(/…$/, '');
    const pattern = new RegExp(
      passage
        .split(/\s+/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('\\s+'),
      'g',
    );
    result = result.replace(pattern, ' ');
  }
  return result;
}
