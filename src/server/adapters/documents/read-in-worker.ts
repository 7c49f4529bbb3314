import { Piscina } from 'piscina';
import { READER_BUDGET } from './document-limits';
import type { ReadOutcome, ReadTask } from './read-result';

/**
 * Documents are read in worker threads (piscina), never on the server's event loop: a hostile file
 * costs one worker, not the server. Each worker has a V8 heap limit; each document a wall-clock
 * budget counted from the moment a worker takes it, after which that worker is terminated and
 * replaced. At most `threads` documents are read at once; a bounded number wait their turn, and
 * past that (or after waiting too long) a document is refused as busy.
 *
 * The worker runs from TypeScript in tests and `npm run dev` (through tsx's loader) and from
 * dist/server/document-worker.js, built beside the server bundle, in production.
 */

export type DocumentReaderBudget = { [Key in keyof typeof READER_BUDGET]: number };

export type DocumentReader = {
  read(task: ReadTask): Promise<ReadOutcome>;
  /** For tests and figures: documents being read, waiting and done so far, and live worker threads. */
  load(): { reading: number; waiting: number; finished: number; threads: number };
  close(): Promise<void>;
};

const isRunningFromSource = import.meta.url.endsWith('.ts');

function workerEntry(): { filename: string; execArgv: string[] } {
  if (!isRunningFromSource) return { filename: new URL('./document-worker.js', import.meta.url).href, execArgv: [] };
  const hasTypeScriptLoader = process.execArgv.some((argument) => argument.includes('tsx'));
  return {
    filename: new URL('./document-worker.ts', import.meta.url).href,
    execArgv: hasTypeScriptLoader ? [...process.execArgv] : [...process.execArgv, '--import', 'tsx'],
  };
}

class BusyError extends Error {
  override readonly name = 'BusyError';
}

export function createDocumentReader(overrides: Partial<DocumentReaderBudget> = {}): DocumentReader {
  const budget: DocumentReaderBudget = { ...READER_BUDGET, ...overrides };
  const entry = workerEntry();
  const pool = new Piscina<ReadTask, ReadOutcome>({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: 0,
    maxThreads: budget.threads,
    idleTimeout: budget.idleMs,
    // Admission happens below, so that the time budget starts when a worker takes the document.
    maxQueue: budget.threads,
    concurrentTasksPerWorker: 1,
    resourceLimits: {
      maxOldGenerationSizeMb: budget.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: budget.maxYoungGenerationSizeMb,
    },
  });
  // A worker that dies between documents is replaced on demand; its error has no document to fail.
  pool.on('error', () => undefined);

  let reading = 0;
  let finished = 0;
  const waiting: Array<{ admit: () => void }> = [];

  function admit(): Promise<void> {
    if (reading < budget.threads) {
      reading += 1;
      return Promise.resolve();
    }
    if (waiting.length >= budget.maxWaiting) return Promise.reject(new BusyError('the queue is full'));
    return new Promise((resolve, reject) => {
      const ticket = {
        admit: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(ticket), 1);
        reject(new BusyError('waited too long'));
      }, budget.maxWaitMs);
      timer.unref();
      waiting.push(ticket);
    });
  }

  function release() {
    const next = waiting.shift();
    // The slot passes straight to the next document, so `reading` stays the same.
    if (next) next.admit();
    else reading -= 1;
  }

  return {
    async read(task) {
      try {
        await admit();
      } catch {
        return { ok: false, problem: 'busy' };
      }
      try {
        // The worker gets its own copy, moved rather than cloned across the thread boundary.
        const bytes = new Uint8Array(task.bytes);
        return await pool.run(
          { ...task, bytes },
          { transferList: [bytes.buffer], signal: AbortSignal.timeout(budget.timeoutMs) },
        );
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (error instanceof Error && error.name === 'AbortError') return { ok: false, problem: 'timeout' };
        if (code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false, problem: 'out-of-memory' };
        return {
          ok: false,
          problem: 'damaged',
          detail: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error),
        };
      } finally {
        finished += 1;
        release();
      }
    },
    load: () => ({ reading, waiting: waiting.length, finished, threads: pool.threads.length }),
    close: () => pool.destroy(),
  };
}

let shared: DocumentReader | null = null;

/** The process's reader, created on first use; its idle workers never keep the process alive. */
export function sharedDocumentReader(): DocumentReader {
  shared ??= createDocumentReader();
  return shared;
}
