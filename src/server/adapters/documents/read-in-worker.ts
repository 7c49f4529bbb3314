import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
 * A PDF is read in a child process instead, one process per document (decision 038): pdf.js
 * inflates streams into buffers outside the V8 heap, which a thread's heap limit does not bound and
 * a thread's end does not give back. The readers' resident memory is looked at every few
 * milliseconds; a reader past `maxPdfProcessRssMb`, or the largest when all of them together pass
 * `maxPdfProcessesRssMb`, is killed, and when it ends the system takes back everything it held.
 * It counts against the same `threads` as the workers.
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

  const pdfReaders = new Set<PdfReader>();
  const watch = setInterval(() => watchPdfReaders(pdfReaders, budget), budget.rssCheckIntervalMs);
  watch.unref();
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
        if (task.kind === 'pdf') return await readInChildProcess(task, budget, entry, pdfReaders);
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
    close: async () => {
      clearInterval(watch);
      for (const pdfReader of pdfReaders) pdfReader.stop({ ok: false, problem: 'busy' });
      await pool.destroy();
    },
  };
}

type PdfReader = { pid: number | undefined; stop(outcome: ReadOutcome): void };

/** Kills the reader past its own memory, or the largest when the readers together are past theirs. */
function watchPdfReaders(readers: Set<PdfReader>, budget: DocumentReaderBudget): void {
  if (readers.size === 0) return;
  let total = 0;
  let largest: { reader: PdfReader; rssMb: number } | null = null;
  for (const reader of readers) {
    const rssMb = residentMegabytes(reader.pid) ?? 0;
    total += rssMb;
    if (rssMb > budget.maxPdfProcessRssMb) reader.stop({ ok: false, problem: 'out-of-memory' });
    else if (!largest || rssMb > largest.rssMb) largest = { reader, rssMb };
  }
  if (total > budget.maxPdfProcessesRssMb && largest) largest.reader.stop({ ok: false, problem: 'out-of-memory' });
}

/** Reads one document in a new child process, stopped past its time or (by the watch) its memory. */
function readInChildProcess(
  task: ReadTask,
  budget: DocumentReaderBudget,
  entry: { filename: string; execArgv: string[] },
  readers: Set<PdfReader>,
): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = fork(fileURLToPath(entry.filename), [], {
        execArgv: [
          ...entry.execArgv,
          `--max-old-space-size=${budget.maxOldGenerationSizeMb}`,
          `--max-semi-space-size=${Math.max(1, Math.floor(budget.maxYoungGenerationSizeMb / 3))}`,
        ],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
    } catch (error) {
      resolve({ ok: false, problem: 'damaged', detail: describe(error) });
      return;
    }
    let outcome: ReadOutcome | null = null;
    const finish = (result: ReadOutcome) => {
      outcome ??= result;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => finish({ ok: false, problem: 'timeout' }), budget.timeoutMs);
    const reader: PdfReader = { pid: child.pid, stop: finish };
    readers.add(reader);
    child.on('message', (message: ReadOutcome | { ready: true }) => {
      if ('ready' in message) child.send(task);
      else finish(message);
    });
    child.on('error', (error) => {
      finish({ ok: false, problem: 'damaged', detail: describe(error) });
      // A process that never started has no exit to wait for.
      if (child.pid === undefined) {
        readers.delete(reader);
        resolve(outcome ?? { ok: false, problem: 'damaged' });
      }
    });
    // The answer is settled once the process is gone, so its memory is back when the caller goes on.
    child.on('exit', (code, signal) => {
      readers.delete(reader);
      finish({ ok: false, problem: 'damaged', detail: `the reader exited (${signal ?? code})` });
      resolve(outcome ?? { ok: false, problem: 'damaged' });
    });
  });
}

/** Resident memory of a process in MB, from /proc (Linux); null where it cannot be read. */
function residentMegabytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kilobytes = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? null : Number(kilobytes) / 1024;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error).slice(0, 300);
}

let shared: DocumentReader | null = null;

/** The process's reader, created on first use; its idle workers never keep the process alive. */
export function sharedDocumentReader(): DocumentReader {
  shared ??= createDocumentReader();
  return shared;
}
