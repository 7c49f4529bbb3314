import { NAME_SLOT, QUOTE_SLOT } from '@/shared/schemas/comment-bank';
import { CLASSMATE_PLACEHOLDER, createRosterRedactor, EMAIL_PLACEHOLDER, type RosterMember } from './redaction';

/** A quotation in a comment: straight or curly double quotes, or curly single quotes, around 2 words or more. */
const QUOTATION = /"([^"\n]{3,}?)"|“([^”\n]{3,}?)”|‘([^’\n]{3,}?)’/g;
/** Words in a row copied from the work without quotation marks that count as quoting it. */
const COPIED_RUN_WORDS = 8;
const MAX_KEPT_CHARACTERS = 2000;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim();

/**
 * The teacher's comment as the comment bank keeps it (decision 061): her words only. Every name on
 * the roster becomes `[name]` (the kernel's roster redactor finds them, in any case and accent),
 * e-mails go, a quotation of the student's work becomes `[quote]`, and so does a run of 8 or more
 * of the work's words copied without quotation marks. The AI line is not kept (a save adds it).
 * Null when nothing of hers is left.
 */
export function bankableComment(
  comment: string,
  context: { roster: readonly RosterMember[]; studentWork: string; aiLine: string | null },
): string | null {
  let text = context.aiLine ? comment.split(context.aiLine).join('') : comment;
  const work = ` ${normalise(context.studentWork)} `;
  text = text.replace(QUOTATION, (whole, ...groups: (string | undefined)[]) => {
    const quoted = groups.slice(0, 3).find((group) => group !== undefined) ?? '';
    const words = normalise(quoted);
    return words && work.includes(` ${words} `) ? QUOTE_SLOT : whole;
  });
  text = replaceCopiedRuns(text, work);
  text = createRosterRedactor(context.roster)
    .redactClassmateText(text)
    .split(CLASSMATE_PLACEHOLDER)
    .join(NAME_SLOT)
    .split(EMAIL_PLACEHOLDER)
    .join('');
  text = text
    // A first and a last name read as one name.
    .replace(/\[name\](?:[\s,]+\[name\])+/g, NAME_SLOT)
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const own = text.split(NAME_SLOT).join('').split(QUOTE_SLOT).join('');
  if (!/\p{L}{2,}/u.test(own)) return null;
  return text.slice(0, MAX_KEPT_CHARACTERS);
}

/** Runs of COPIED_RUN_WORDS or more of the work's words, in order, become one [quote]. */
function replaceCopiedRuns(text: string, work: string): string {
  const tokens = [...text.matchAll(/[\p{L}\p{N}’']+/gu)];
  if (tokens.length < COPIED_RUN_WORDS) return text;
  const words = tokens.map((token) => normalise(token[0]));
  const spans: [number, number][] = [];
  let i = 0;
  while (i + COPIED_RUN_WORDS <= words.length) {
    if (!work.includes(` ${words.slice(i, i + COPIED_RUN_WORDS).join(' ')} `)) {
      i += 1;
      continue;
    }
    let end = i + COPIED_RUN_WORDS;
    while (end < words.length && work.includes(` ${words.slice(i, end + 1).join(' ')} `)) end += 1;
    const last = tokens[end - 1]!;
    spans.push([tokens[i]!.index, last.index + last[0].length]);
    i = end;
  }
  let result = text;
  for (const [from, to] of spans.reverse()) result = `${result.slice(0, from)}${QUOTE_SLOT}${result.slice(to)}`;
  return result;
}
