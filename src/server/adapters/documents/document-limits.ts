/**
 * What reading one document may cost. The reasons for each number are in
 * docs/decisions/011-reading-documents.md; the tests in tests/security/hostile-files.test.ts
 * hold them to account.
 */
export const DOCUMENT_LIMITS = {
  /** Larger files are not read at all (a Canvas attachment; uploads have their own, smaller limit). */
  maxBytes: 10 * 1024 * 1024,
  /**
   * Text kept from one document; reading stops there. A grading prompt shows at most 60,000
   * characters of a submission, and the integration tool takes 20,000 (it asks for less).
   */
  maxCharacters: 60_000,
  /** .docx: parts in the archive, checked before anything is unpacked. */
  maxZipEntries: 2_000,
  /** .docx: what all parts together claim to hold once unpacked, checked before anything is unpacked. */
  maxUnpackedBytes: 32 * 1024 * 1024,
  /** .docx: the package's relationship list, which only names the main document. */
  maxRelationshipsBytes: 256 * 1024,
  /** .pdf: pages read; the text of later pages is left out. */
  maxPdfPages: 100,
} as const;

/** How documents are read off the main thread (see read-in-worker.ts). */
export const READER_BUDGET = {
  /** Workers reading at the same time; more documents wait their turn. */
  threads: 2,
  /** Wall-clock time for one document once a worker has it; past it the worker is stopped. */
  timeoutMs: 20_000,
  /** V8 heap of one worker; a worker that runs out is stopped and replaced. */
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  /**
   * Resident memory of the child process that reads one PDF, and of all of them together (decision
   * 038): pdf.js inflates streams into buffers outside the V8 heap, which only a process boundary can
   * bound and give back. Past either, the largest is killed. A reader starts at about 60 MB; a PDF of
   * 100 pages of text peaked at 87 MB.
   */
  maxPdfProcessRssMb: 192,
  maxPdfProcessesRssMb: 256,
  /** How often that memory is looked at; pdf.js grows a buffer by at most a few MB in this time. */
  rssCheckIntervalMs: 10,
  /** Documents allowed to wait for a worker; more are refused as "busy". */
  maxWaiting: 64,
  /** How long a document may wait for a worker before it is refused as "busy". */
  maxWaitMs: 60_000,
  /** A worker with nothing to do exits after this long; the next document starts a new one. */
  idleMs: 60_000,
} as const;
