/**
 * Large classes (issue 19): for classes of 100, 300 and 1,000 students with 1,500-word essays, the
 * time of one draft and the longest event-loop stall of the server during it, then a whole-class
 * run. The server is the built one in its own process, and so is the demo Canvas, so a stall is the
 * server's own: it is read as the longest answer to /healthz, asked every few milliseconds
 * throughout (the audit measured the same way). With the model drafter (a local model server that
 * answers at once, so the figure is the server's work) and with the offline drafter. On a Postgres
 * server when one answers (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), as
 * several instances run; else on the embedded database, whose queries run on the server's thread.
 *
 * `npx tsx bench/bench-large-classes.ts [--sizes 100,300] [--server path/to/main.js] [--no-run]`
 * measures another build (an older commit's server) for a before/after figure.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { isSubmissionWaitingForGrade, type AssignmentGradingView } from '@/shared/schemas/grading';
import { startFakeAiServer } from '@/server/test/fake-ai-server';
import {
  buildServer,
  connectedTeacherOver,
  createServerDatabase,
  startInstance,
  type Instance,
} from '@/server/test/instances';
import { postgresReachable, printTable } from './load';

const WORDS = 1500;
/** Drafts after the first, one student after another as Save & Next does. */
const NEXT_DRAFTS = 4;
const options = { mode: 'formative', useRubric: false, customInstructions: null };
/** A draft that takes longer than this is stopped and reported as such (the old redaction took minutes). */
const DRAFT_TIMEOUT_MS = 10 * 60 * 1000;

type LargeCanvas = { baseUrl: string; token: string; courseId: number; assignmentId: number; close(): void };

export async function startLargeCanvas(students: number): Promise<LargeCanvas> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.resolve('bench/serve-large-class.ts'),
      '--students',
      String(students),
      '--words',
      String(WORDS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = await new Promise<string[]>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (first) => resolve([first]));
    child.once('exit', (code) => reject(new Error(`the demo Canvas exited (${code})`)));
  });
  return { ...JSON.parse(line!), close: () => child.kill('SIGTERM') };
}

/** Asks /healthz every few milliseconds until stopped; the longest answer is the longest stall. */
function probeStalls(address: string) {
  let running = true;
  let longest = 0;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      // A server frozen past the client's own timeout is a stall of at least that long, not a crash of the bench.
      await fetch(`${address}/healthz`).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    running = false;
    await done;
    return longest;
  };
}

const isWaiting = isSubmissionWaitingForGrade;

const seconds = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 1000).toFixed(2)} s`);
const millis = (ms: number) => (ms >= 10_000 ? seconds(ms) : `${ms.toFixed(0)} ms`);

type Measured = { ms: number; stallMs: number; cpuMs: number | null; stopped: boolean };

/**
 * The server process's CPU time so far (Linux), in ms: the work a draft costs, which the machine's
 * load does not inflate as it does the wall-clock figures.
 */
function cpuMsOf(instance: Instance): number | null {
  try {
    const fields = readFileSync(`/proc/${instance.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, the 14th and 15th fields of the line, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function measureDraft(
  instance: Instance,
  headers: Record<string, string>,
  base: string,
  userId: number,
): Promise<Measured> {
  const stopProbe = probeStalls(instance.address);
  const cpuBefore = cpuMsOf(instance);
  const started = performance.now();
  const response = await fetch(`${instance.address}${base}/drafts`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ userId, options }),
    signal: AbortSignal.timeout(DRAFT_TIMEOUT_MS),
  }).catch((error: unknown) => error as Error);
  const ms = performance.now() - started;
  const cpuAfter = cpuMsOf(instance);
  const stallMs = await stopProbe();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  if (response instanceof Error) return { ms, stallMs, cpuMs, stopped: true };
  if (!response.ok) throw new Error(`draft failed: ${response.status} ${await response.text()}`);
  return { ms, stallMs, cpuMs, stopped: false };
}

const cpu = (measured: Measured) => (measured.cpuMs === null ? '' : `, server CPU ${millis(measured.cpuMs)}`);

const describeDraft = (measured: Measured) =>
  measured.stopped
    ? `stopped after ${seconds(measured.ms)}, longest stall ${millis(measured.stallMs)}${cpu(measured)}`
    : `${seconds(measured.ms)}, longest stall ${millis(measured.stallMs)}${cpu(measured)}`;

async function measureRun(instance: Instance, headers: Record<string, string>, base: string) {
  const stopProbe = probeStalls(instance.address);
  const cpuBefore = cpuMsOf(instance);
  const started = performance.now();
  const start = await fetch(`${instance.address}${base}/drafts/batch`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ options }),
  });
  if (!start.ok) {
    await stopProbe();
    return `refused: ${start.status} ${(await start.json()).error?.message ?? ''}`;
  }
  let job = await start.json();
  while (job.status === 'running' && performance.now() - started < DRAFT_TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = (await (await fetch(`${instance.address}${base}/drafts`, { headers })).json()).job;
  }
  const elapsed = performance.now() - started;
  const cpuAfter = cpuMsOf(instance);
  const stall = await stopProbe();
  const perDraft =
    cpuBefore === null || cpuAfter === null ? '' : `, server CPU ${millis((cpuAfter - cpuBefore) / job.total)} a draft`;
  return `${job.completed} of ${job.total} in ${seconds(elapsed)} (${job.failed} failed), longest stall ${millis(stall)}${perDraft}`;
}

export async function benchLargeClasses(
  settings: { sizes?: number[]; server?: string; wholeClass?: boolean } = {},
): Promise<void> {
  const sizes = settings.sizes ?? [100, 300, 1000];
  const serverUrl = process.env.DATABASE_URL?.startsWith('postgres')
    ? process.env.DATABASE_URL
    : 'postgres://postgres@127.0.0.1:5432/postgres';
  const postgres = (await postgresReachable(serverUrl)) ? serverUrl : null;
  const built = settings.server ? { main: settings.server, remove() {} } : await buildServer('bench-large');
  const ai = await startFakeAiServer();
  ai.setDefault({ kind: 'from-schema' });
  const drafters: Array<{ label: string; env: Record<string, string> }> = [
    { label: 'model', env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: ai.baseUrl, AI_MODEL: 'bench' } },
    { label: 'offline', env: {} },
  ];
  const rows: Array<[string, string]> = [];
  try {
    for (const students of sizes) {
      const canvas = await startLargeCanvas(students);
      try {
        for (const drafter of drafters) {
          const dataDir = mkdtempSync(path.join(tmpdir(), 'margin-bench-large-'));
          const database = postgres ? await createServerDatabase(postgres, 'margin_bench_large') : null;
          const instance = await startInstance(built.main, {
            NODE_ENV: 'production',
            DATA_DIR: dataDir,
            ...(database ? { DATABASE_URL: database.url } : {}),
            APP_SECRET: 'bench-secret-that-is-long-enough-for-keys',
            DEMO_CANVAS: 'false',
            CANVAS_ALLOW_PRIVATE_HOSTS: 'true',
            LOG_LEVEL: 'error',
            ...drafter.env,
          });
          try {
            const { headers } = await connectedTeacherOver(instance.address, canvas);
            const base = `/api/grading/courses/${canvas.courseId}/assignments/${canvas.assignmentId}`;
            const view = (await (
              await fetch(`${instance.address}${base}`, { headers })
            ).json()) as AssignmentGradingView;
            const [first, ...next] = view.submissions.filter(isWaiting);
            const label = `${students} students, ${drafter.label}`;
            const cold = await measureDraft(instance, headers, base, first!.user_id);
            rows.push([`${label}: first draft`, describeDraft(cold)]);
            if (cold.stopped) continue;
            const warm: Measured[] = [];
            for (const student of next.slice(0, NEXT_DRAFTS))
              warm.push(await measureDraft(instance, headers, base, student.user_id));
            const median = [...warm].sort((a, b) => a.ms - b.ms)[Math.floor(warm.length / 2)]!;
            const worst = Math.max(...warm.map((item) => item.stallMs));
            rows.push([
              `${label}: next ${warm.length} drafts`,
              `median ${seconds(median.ms)}, longest stall ${millis(worst)}${cpu(median)}`,
            ]);
            if (settings.wholeClass !== false && drafter.label === 'model') {
              rows.push([`${label}: whole class`, await measureRun(instance, headers, base)]);
            }
          } finally {
            await instance.kill();
            await database?.drop();
            rmSync(dataDir, { recursive: true, force: true });
          }
        }
      } finally {
        canvas.close();
      }
    }
  } finally {
    await ai.close();
    built.remove();
  }
  printTable(
    `Large classes, ${WORDS}-word essays, ${postgres ? 'Postgres' : 'embedded database'}: one draft's time and the server's longest stall (longest /healthz answer)`,
    rows,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { sizes: { type: 'string' }, server: { type: 'string' }, 'no-run': { type: 'boolean' } },
  });
  await benchLargeClasses({
    sizes: values.sizes?.split(',').map(Number),
    server: values.server,
    wholeClass: !values['no-run'],
  });
}
