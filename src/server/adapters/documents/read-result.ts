/**
 * What a reader hands back from its worker. Everything here crosses a thread boundary, so it is
 * plain data: problems are codes, and the teacher's wording is made on the main thread
 * (extract-text.ts), where the file name is known.
 */

export type DocumentKind = 'text' | 'html' | 'docx' | 'pdf';

/** Where a reader stopped before the end of the document. */
export type TextCut = { by: 'characters' | 'pages'; limit: number };

export type ReadText = {
  text: string;
  cut: TextCut | null;
  /** Passages a reader of the document cannot see (hidden, white or tiny runs of a .docx); still in `text`. */
  hidden?: string[];
};

export type ReadProblem =
  /** Not the format its name says (a .txt of binary data, a .docx that is no zip). */
  | 'not-text'
  | 'not-docx'
  | 'not-pdf'
  | 'damaged'
  | 'encrypted'
  /** Decompression-bomb guards, checked before anything is unpacked. */
  | 'too-many-parts'
  | 'too-large-unpacked'
  /** The worker's budget: stopped after its time, or out of its memory. */
  | 'timeout'
  | 'out-of-memory'
  /** Every worker busy and the queue full (or waited too long). */
  | 'busy';

export type ReadOutcome =
  ({ ok: true } & ReadText) | { ok: false; problem: ReadProblem; count?: number; detail?: string };

export type ReadTask = {
  bytes: Uint8Array;
  kind: DocumentKind;
  maxCharacters: number;
  /** Defaults to DOCUMENT_LIMITS.maxPdfPages. */ maxPdfPages?: number;
};

/** Thrown by a reader for a document it refuses or cannot read; turned into a ReadOutcome. */
export class UnreadableDocument extends Error {
  readonly problem: ReadProblem;
  readonly count: number | undefined;
  readonly detail: string | undefined;

  constructor(problem: ReadProblem, facts: { count?: number; detail?: string } = {}) {
    super(facts.detail ? `${problem}: ${facts.detail}` : problem);
    this.name = 'UnreadableDocument';
    this.problem = problem;
    this.count = facts.count;
    this.detail = facts.detail;
  }
}
