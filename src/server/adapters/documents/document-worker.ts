import { readDocument } from './read-document';
import type { ReadOutcome, ReadTask } from './read-result';

/**
 * The entry point of a document-reading worker thread (see read-in-worker.ts). Built on its own
 * next to the server bundle as dist/server/document-worker.js; run from source in tests and dev.
 */
export default function readInWorker(task: ReadTask): Promise<ReadOutcome> {
  return readDocument(task);
}
