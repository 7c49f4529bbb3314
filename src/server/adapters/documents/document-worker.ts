import { isMainThread } from 'node:worker_threads';
import { readDocument } from './read-document';
import type { ReadOutcome, ReadTask } from './read-result';

/**
 * The entry point of a document reader (see read-in-worker.ts). In a worker thread, piscina calls
 * the default export. Started as a child process (PDFs, decision 038), it says it is ready, reads the
 * one document it is sent, answers and exits, so every byte it took goes back to the system.
 * Built on its own next to the server bundle as dist/server/document-worker.js; run from source in
 * tests and dev.
 */
export default function readInWorker(task: ReadTask): Promise<ReadOutcome> {
  return readDocument(task);
}

if (isMainThread && typeof process.send === 'function') {
  const send = process.send.bind(process);
  process.once('message', (task: ReadTask) => {
    void readDocument(task).then((outcome) => send(outcome, () => process.exit(0)));
  });
  // The parent may go away first (the server stopping): nothing is left to answer.
  process.once('disconnect', () => process.exit(0));
  send({ ready: true });
}
