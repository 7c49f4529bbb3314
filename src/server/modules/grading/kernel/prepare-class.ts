import { loadLowerCaseEnglishWords } from './english-words';
import { createHash } from 'node:crypto';
import { createSlicer } from '@/server/core/in-slices';
import type { CanvasSubmission } from '@/server/adapters/canvas';
import { MAX_CLASS_WORK, type ClassWork, type GradingExample } from './drafter-port';
import {
  createRosterRedactor,
  createRosterRedactorInSlices,
  type RosterMember,
  type RosterRedactor,
} from './redaction';

/** One classmate's work as the variant read it from Canvas: plain text, not yet redacted. */
export type ClassPiece = {
  authorId: number;
  /** The work as Canvas gave it (HTML): the same source with the same roster is redacted once per process. */
  source: string;
  /** The work as plain text, read only if the piece is used (a class may hold a thousand essays). */
  readText: () => string;
  /** The teacher's grade the scale may learn from; null when not graded (or graded on an earlier attempt). */
  grade: number | null;
  /** Set when the piece may serve as an example of the teacher's scale and voice: scored, with her comment. */
  example: { score: number; comment: string } | null;
  /** The teacher's rubric points on the work, by criterion id, when the grade is hers and comes with a rubric assessment. */
  rubric?: Record<string, number> | null;
};

/** The points of a Canvas rubric assessment, by criterion id (criteria without points left out); null when empty. */
export function rubricPointsOf(assessment: CanvasSubmission['rubricAssessment']): Record<string, number> | null {
  if (!assessment) return null;
  const points: Record<string, number> = {};
  for (const [criterionId, entry] of Object.entries(assessment))
    if (typeof entry.points === 'number' && Number.isFinite(entry.points)) points[criterionId] = entry.points;
  return Object.keys(points).length > 0 ? points : null;
}

/** A submission's student as the roster has them: Canvas's display and sortable names. */
export function rosterMemberOf(submission: CanvasSubmission): RosterMember {
  const names = [submission.user?.name, submission.user?.sortableName].filter((name): name is string => Boolean(name));
  return { id: submission.userId, names, emails: [] };
}

export const MAX_EXAMPLES = 3;
export const EXAMPLE_EXCERPT_CHARS = 700;
/**
 * Redacted class texts kept by this process, in characters (8 million, 16 MB: the capped class
 * work of four lectures with 1,500-word essays). Each single draft reads the class from Canvas again; the same
 * work with the same roster gives the same text, so a teacher drafting one student after another
 * pays for reading and redacting the class once.
 */
const REDACTED_CACHE_CHARS = 8_000_000;

const redactedCache = new Map<string, string>();
let redactedCacheChars = 0;

function rememberRedacted(key: string, make: () => string): string {
  const kept = redactedCache.get(key);
  if (kept !== undefined) {
    redactedCache.delete(key);
    redactedCache.set(key, kept);
    return kept;
  }
  const made = make();
  redactedCache.set(key, made);
  redactedCacheChars += made.length;
  for (const [oldest, text] of redactedCache) {
    if (redactedCacheChars <= REDACTED_CACHE_CHARS) break;
    redactedCache.delete(oldest);
    redactedCacheChars -= text.length;
  }
  return made;
}

/**
 * Rosters' redactors kept by this process: a lecture's trie takes a tenth of a second to build,
 * and every single draft reads the same roster again.
 */
const REDACTORS_KEPT = 8;
const redactors = new Map<string, RosterRedactor>();

function keepRedactor(rosterKey: string, redactor: RosterRedactor): void {
  redactors.delete(rosterKey);
  redactors.set(rosterKey, redactor);
  if (redactors.size > REDACTORS_KEPT) redactors.delete(redactors.keys().next().value!);
}

function redactorFor(rosterKey: string, roster: readonly RosterMember[]): RosterRedactor {
  const redactor = redactors.get(rosterKey) ?? createRosterRedactor(roster);
  keepRedactor(rosterKey, redactor);
  return redactor;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** What decides a redaction besides the text: every name and e-mail on the roster. */
function rosterKeyOf(roster: readonly RosterMember[]): string {
  const lines = roster.map((member) => `${member.id}\t${member.names.join('\t')}\t${member.emails.join('\t')}`);
  return sha256(lines.sort().join('\n'));
}

/**
 * A class made ready for drafting, once per class read: one roster redactor, and each classmate's
 * text redacted once, then reused by every draft of the class (a whole-class run drafts every
 * student against the same read).
 */
export type PreparedClass = {
  redactor: RosterRedactor;
  /** What one student's draft learns the scale from: redacted, graded work first, never the student's own. */
  classWorkFor(studentId: number): Promise<ClassWork[]>;
  /** Up to three graded pieces with the teacher's comment, spread across the scale, redacted; never the student's own. */
  examplesFor(studentId: number): GradingExample[];
};

/** A stable shuffle by author: the sample does not favour the top or the bottom of Canvas's list. */
function mix(id: number): number {
  let value = Math.imul(id ^ 0x9e3779b9, 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/**
 * `prepareClass` for a request or a job: a roster not seen before has its redactor built a slice
 * at a time first, so a lecture's first draft keeps the server answering.
 */
export async function prepareClassInSlices(input: {
  roster: readonly RosterMember[];
  pieces: readonly ClassPiece[];
}): Promise<PreparedClass> {
  const rosterKey = rosterKeyOf(input.roster);
  // The redactor reads the English words (names that are also words, decision 070): once, in slices.
  await loadLowerCaseEnglishWords();
  if (!redactors.has(rosterKey)) keepRedactor(rosterKey, await createRosterRedactorInSlices(input.roster));
  return prepareClass(input);
}

export function prepareClass(input: { roster: readonly RosterMember[]; pieces: readonly ClassPiece[] }): PreparedClass {
  const rosterKey = rosterKeyOf(input.roster);
  const redactor = redactorFor(rosterKey, input.roster);
  const redactedTexts = new Map<ClassPiece, string>();
  const redactedComments = new Map<ClassPiece, string>();
  const textOf = (piece: ClassPiece) => {
    let text = redactedTexts.get(piece);
    if (text === undefined) {
      text = rememberRedacted(sha256(`${rosterKey}\n${piece.source}`), () =>
        redactor.redactClassmateText(piece.readText()),
      );
      redactedTexts.set(piece, text);
    }
    return text;
  };

  // Graded work first (it is what the scale learns from), then the rest, each in a stable mixed order.
  const ordered = [...input.pieces].sort(
    (a, b) => Number(b.grade !== null) - Number(a.grade !== null) || mix(a.authorId) - mix(b.authorId),
  );
  // One sample for every draft of the class: a student in it gets it without her own work, a
  // student outside it gets it whole, so every draft of a class compares with the same class.
  let sample: Promise<{ piece: ClassPiece; work: ClassWork }[]> | null = null;
  const readSample = async () => {
    const kept: { piece: ClassPiece; work: ClassWork }[] = [];
    const slice = createSlicer();
    for (const piece of ordered) {
      if (kept.length >= MAX_CLASS_WORK) break;
      const text = textOf(piece);
      if (text.trim())
        kept.push({
          piece,
          work: { text, grade: piece.grade, ...(piece.rubric && piece.grade !== null ? { rubric: piece.rubric } : {}) },
        });
      await slice.turn();
    }
    return kept;
  };

  const examples = input.pieces
    .filter((piece) => piece.example !== null)
    .sort((a, b) => b.example!.score - a.example!.score || mix(a.authorId) - mix(b.authorId));

  return {
    redactor,
    async classWorkFor(studentId) {
      sample ??= readSample();
      const kept = await sample;
      return kept.filter(({ piece }) => piece.authorId !== studentId).map(({ work }) => work);
    },
    examplesFor(studentId) {
      const graded = examples.filter((piece) => piece.authorId !== studentId);
      // Spread across the scale: highest, lowest, then the middle.
      const chosen = [graded[0], graded.at(-1), graded[Math.floor(graded.length / 2)]]
        .filter((piece, index, all): piece is ClassPiece => piece !== undefined && all.indexOf(piece) === index)
        .slice(0, MAX_EXAMPLES);
      return chosen.map((piece, index) => {
        let comment = redactedComments.get(piece);
        if (comment === undefined) {
          comment = redactor.redactClassmateText(piece.example!.comment);
          redactedComments.set(piece, comment);
        }
        // Redacted before it is cut, so a cut never leaves half a name.
        return {
          label: `Example ${index + 1}`,
          score: piece.example!.score,
          comment,
          excerpt: textOf(piece).slice(0, EXAMPLE_EXCERPT_CHARS),
          ...(piece.rubric ? { rubricAssessment: piece.rubric } : {}),
        };
      });
    },
  };
}
