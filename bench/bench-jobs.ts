/**
 * Whole-class drafting of 30 students, the model answering in 1 s, on one instance and on two
 * instances of the built server sharing one Postgres database (the job queue lives in it).
 * Needs a Postgres server: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * database is created for the run and dropped after.
 *
 * `npx tsx bench/bench-jobs.ts [--server path/to/main.js]` measures another build (one instance),
 * e.g. an older commit's server, for a before/after figure.
 */
import pg from 'pg';
import { pathToFileURL } from 'node:url';
import { startDemoCanvas } from '@/server/demo-canvas';
import { startFakeAiServer } from '@/server/test/fake-ai-server';
import {
  buildServer,
  connectedTeacherOver,
  createServerDatabase,
  startInstance,
  type Instance,
} from '@/server/test/instances';
import { printTable } from './load';

const STUDENTS = 30;
const options = { mode: 'formative', useRubric: false, customInstructions: null };

export async function benchJobs(serverOverride?: string) {
  const serverUrl = process.env.DATABASE_URL?.startsWith('postgres')
    ? process.env.DATABASE_URL
    : 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await reachable(serverUrl))) {
    printTable('Whole-class drafting on several instances', [
      ['skipped', `no Postgres server at ${serverUrl.replace(/\/\/[^@]*@/, '//')}`],
    ]);
    return;
  }
  const built = serverOverride ? { main: serverOverride, remove() {} } : await buildServer('bench-jobs');
  const [database, ai, canvas] = await Promise.all([
    createServerDatabase(serverUrl, 'margin_bench_jobs'),
    startFakeAiServer(),
    // The bench's usual class: assignments with exactly 30 students waiting (a new teacher per run).
    startDemoCanvas({ scenario: { courses: 3, assignmentsPerCourse: 20, studentsPerCourse: 90 } }),
  ]);
  ai.setDefault({ kind: 'delay', ms: 1000, then: { kind: 'from-schema' } });
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    APP_SECRET: 'bench-secret-that-is-long-enough-for-keys',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: ai.baseUrl,
    AI_MODEL: 'bench',
    DEMO_CANVAS: 'false',
    CANVAS_ALLOW_PRIVATE_HOSTS: 'true',
    LOG_LEVEL: 'error',
  };
  const readyPath = serverOverride ? '/api/health' : '/readyz';
  const instances: Instance[] = [];
  try {
    instances.push(await startInstance(built.main, env, readyPath));
    const rows: Array<[string, string]> = [];
    rows.push(['one instance', await timeRun(instances, canvas)]);
    if (!serverOverride) {
      instances.push(await startInstance(built.main, env, readyPath));
      rows.push(['two instances', await timeRun(instances, canvas)]);
    }
    printTable(`Whole-class drafting of ${STUDENTS} students (model answering in 1 s, Postgres server)`, rows);
  } finally {
    await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
    await Promise.all([ai.close(), canvas.close()]);
    await database.drop();
    built.remove();
  }
}

/** A new teacher starts drafting an assignment with 30 waiting students on the first instance; the time until the run is finished. */
async function timeRun(instances: Instance[], canvas: { baseUrl: string; token: string }): Promise<string> {
  const address = instances[0]!.address;
  const teacher = await connectedTeacherOver(address, canvas);
  const base = await assignmentWithWaiting(address, teacher.headers);
  const startedAt = performance.now();
  const started = await fetch(`${address}${base}/drafts/batch`, {
    method: 'POST',
    headers: { ...teacher.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ options }),
  });
  if (!started.ok) throw new Error(`starting the run failed: ${await started.text()}`);
  let job = (await started.json()) as { status: string; completed: number; failed: number; total: number };
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (
      (await (await fetch(`${address}${base}/drafts`, { headers: teacher.headers })).json()) as { job: typeof job }
    ).job;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  return `${seconds.toFixed(1)} s (${job.completed} of ${job.total} drafted, ${job.failed} failed)`;
}

async function assignmentWithWaiting(address: string, headers: Record<string, string>): Promise<string> {
  const { assignments } = (await (await fetch(`${address}/api/needs-grading`, { headers })).json()) as {
    assignments: Array<{ course_id: number; id: number }>;
  };
  for (const item of assignments) {
    const base = `/api/grading/courses/${item.course_id}/assignments/${item.id}`;
    const { submissions } = (await (await fetch(`${address}${base}`, { headers })).json()) as {
      submissions: Array<{ id: string; submitted_at: string | null; workflow_state: string }>;
    };
    const waiting = submissions.filter(
      (s) => !s.id.startsWith('placeholder_') && s.submitted_at !== null && s.workflow_state !== 'graded',
    );
    if (waiting.length === STUDENTS) return base;
  }
  throw new Error(`no assignment with exactly ${STUDENTS} waiting submissions`);
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const index = process.argv.indexOf('--server');
  await benchJobs(index > 0 ? process.argv[index + 1] : undefined);
}
