import { isSubmissionWaitingForGrade } from '@/shared/schemas/grading';
/**
 * Whole-class drafting, the model answering in 1 s, on the built server with one Postgres database
 * (the job queue lives in it):
 * - 30 students one after another (single drafts, as a teacher clicking through) against one
 *   whole-class run of the same 30 on one instance, and on two instances;
 * - fairness: a teacher's 4-student run alone, and started behind another teacher's 300-student run;
 * - a whole-class run of 1,000 students with 1,500-word essays on one instance (model at 250 ms),
 *   with the server's longest event-loop delay as monitorEventLoopDelay measures it inside the
 *   server (bench/loop-delay.mjs, preloaded).
 * Needs a Postgres server: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * database is created for the run and dropped after.
 *
 * `npx tsx bench/bench-jobs.ts [--server path/to/main.js]` measures another build (one instance),
 * e.g. an older commit's server, for a before/after figure.
 */
import path from 'node:path';
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
import { startLargeCanvas } from './bench-large-classes';
import { postgresReachable, printTable } from './load';

const STUDENTS = 30;
// A third of a generated lecture is graded already: these classes leave 300 and 1,000 students waiting.
const LARGE_RUN_CLASS = 450;
const THOUSAND_CLASS = 1500;
const options = { mode: 'formative', useRubric: false, customInstructions: null };
type Run = { status: string; completed: number; failed: number; total: number };
type Teacher = Awaited<ReturnType<typeof connectedTeacherOver>>;

export async function benchJobs(serverOverride?: string) {
  const serverUrl = process.env.DATABASE_URL?.startsWith('postgres')
    ? process.env.DATABASE_URL
    : 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresReachable(serverUrl))) {
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
  const rows: Array<[string, string]> = [];
  try {
    instances.push(await startInstance(built.main, env, readyPath));
    const oneByOne = await timeOneByOne(instances[0]!, canvas);
    rows.push([`${STUDENTS} students one after another, one instance`, describe(oneByOne)]);
    const one = await timeRun(instances, canvas);
    rows.push([
      'whole class, one instance',
      `${describe(one)}; ${(oneByOne.seconds / one.seconds).toFixed(1)}x faster than one after another`,
    ]);
    if (!serverOverride) {
      instances.push(await startInstance(built.main, env, readyPath));
      const two = await timeRun(instances, canvas);
      rows.push([
        'whole class, two instances',
        `${describe(two)}; ${(one.seconds / two.seconds).toFixed(1)}x faster than one instance`,
      ]);
      rows.push(...(await benchFairness(instances)));
    }
  } finally {
    await Promise.all(instances.splice(0).map((instance) => instance.kill('SIGTERM')));
  }
  try {
    if (!serverOverride) rows.push(await benchThousand(built.main, env, ai));
  } finally {
    await Promise.all([ai.close(), canvas.close()]);
    await database.drop();
    built.remove();
  }
  printTable('Whole-class drafting (model answering in 1 s unless said, Postgres server)', rows);
}

const describe = (run: { seconds: number; run: Run }) =>
  `${run.seconds.toFixed(1)} s (${run.run.completed} of ${run.run.total} drafted, ${run.run.failed} failed)`;

/** The same 30 students drafted one at a time, each draft waited for, as a teacher clicking through. */
async function timeOneByOne(instance: Instance, canvas: { baseUrl: string; token: string }) {
  const teacher = await connectedTeacherOver(instance.address, canvas);
  const { base, waiting } = await assignmentWithWaiting(
    instance.address,
    teacher.headers,
    (count) => count === STUDENTS,
  );
  const startedAt = performance.now();
  let completed = 0;
  for (const userId of waiting) {
    const response = await fetch(`${instance.address}${base}/drafts`, {
      method: 'POST',
      headers: { ...teacher.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ userId, options }),
    });
    if (response.ok) completed += 1;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  return { seconds, run: { status: 'finished', completed, failed: waiting.length - completed, total: waiting.length } };
}

/** A teacher's 4-student run alone, then again (another teacher) started right behind a 300-student run. */
async function benchFairness(instances: Instance[]) {
  const address = instances[0]!.address;
  const large = await startLargeCanvas(LARGE_RUN_CLASS);
  // A small class: an assignment with a handful of students waiting.
  const smallClass = await startDemoCanvas({
    scenario: { courses: 1, assignmentsPerCourse: 4, studentsPerCourse: 10 },
  });
  try {
    const small = async () => {
      const teacher = await connectedTeacherOver(address, smallClass);
      const { base } = await assignmentWithWaiting(address, teacher.headers, (count) => count >= 3 && count <= 6);
      return { teacher, base };
    };
    const alone = await small();
    const aloneRun = await timeStartedRun(address, alone.teacher, alone.base);
    const bigTeacher = await connectedTeacherOver(address, large);
    const bigBase = `/api/grading/courses/${large.courseId}/assignments/${large.assignmentId}`;
    const behind = await small();
    const bigStarted = await startRun(address, bigTeacher, bigBase);
    const behindRun = await timeStartedRun(address, behind.teacher, behind.base);
    const bigNow = await readRun(address, bigTeacher, bigBase);
    // Let the big run finish before the next measure.
    await waitForRun(address, bigTeacher, bigBase, bigStarted);
    return [
      [`a ${aloneRun.run.total}-student run alone, two instances`, describe(aloneRun)],
      [
        `the same behind another teacher's ${bigNow.total}-student run`,
        `${describe(behindRun)}; ${(behindRun.seconds / aloneRun.seconds).toFixed(1)}x its time alone, with ${bigNow.completed + bigNow.failed} of the ${bigNow.total} done by then`,
      ],
    ] satisfies Array<[string, string]>;
  } finally {
    large.close();
    await smallClass.close();
  }
}

/** A whole-class run of 1,000 waiting on one fresh instance, with the server's event-loop delay measured inside it. */
async function benchThousand(
  main: string,
  env: Record<string, string>,
  ai: Awaited<ReturnType<typeof startFakeAiServer>>,
): Promise<[string, string]> {
  ai.setDefault({ kind: 'delay', ms: 250, then: { kind: 'from-schema' } });
  const large = await startLargeCanvas(THOUSAND_CLASS);
  const preload = pathToFileURL(path.resolve('bench/loop-delay.mjs')).href;
  const instance = await startInstance(main, { ...env, NODE_OPTIONS: `--import ${preload}` }, '/readyz');
  try {
    const teacher = await connectedTeacherOver(instance.address, large);
    const base = `/api/grading/courses/${large.courseId}/assignments/${large.assignmentId}`;
    instance.process.kill('SIGUSR2');
    const startedAt = performance.now();
    const started = await startRun(instance.address, teacher, base);
    const run = await waitForRun(instance.address, teacher, base, started);
    const seconds = (performance.now() - startedAt) / 1000;
    instance.process.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = instance
      .output()
      .split('\n')
      .filter((line) => line.startsWith('loop-delay '));
    const delay =
      lines.length > 0
        ? (JSON.parse(lines.at(-1)!.slice('loop-delay '.length)) as { maxMs: number; p99Ms: number })
        : null;
    return [
      `whole class of ${run.total} (1,500-word essays), one instance, model at 250 ms`,
      `${describe({ seconds, run })}; longest event-loop delay ${delay ? `${delay.maxMs.toFixed(0)} ms (p99 ${delay.p99Ms.toFixed(0)} ms)` : 'not measured'}`,
    ];
  } finally {
    await instance.kill('SIGTERM');
    large.close();
    ai.setDefault({ kind: 'delay', ms: 1000, then: { kind: 'from-schema' } });
  }
}

async function startRun(address: string, teacher: Teacher, base: string): Promise<Run> {
  const started = await fetch(`${address}${base}/drafts/batch`, {
    method: 'POST',
    headers: { ...teacher.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ options }),
  });
  if (!started.ok) throw new Error(`starting the run failed: ${await started.text()}`);
  return (await started.json()) as Run;
}

async function readRun(address: string, teacher: Teacher, base: string): Promise<Run> {
  return ((await (await fetch(`${address}${base}/drafts`, { headers: teacher.headers })).json()) as { job: Run }).job;
}

async function waitForRun(address: string, teacher: Teacher, base: string, run: Run): Promise<Run> {
  let job = run;
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await readRun(address, teacher, base);
  }
  return job;
}

async function timeStartedRun(address: string, teacher: Teacher, base: string) {
  const startedAt = performance.now();
  const run = await waitForRun(address, teacher, base, await startRun(address, teacher, base));
  return { seconds: (performance.now() - startedAt) / 1000, run };
}

/** A new teacher starts drafting an assignment with 30 waiting students on the first instance; the time until the run is finished. */
async function timeRun(instances: Instance[], canvas: { baseUrl: string; token: string }) {
  const address = instances[0]!.address;
  const teacher = await connectedTeacherOver(address, canvas);
  const { base } = await assignmentWithWaiting(address, teacher.headers, (count) => count === STUDENTS);
  return timeStartedRun(address, teacher, base);
}

async function assignmentWithWaiting(
  address: string,
  headers: Record<string, string>,
  fits: (waiting: number) => boolean,
): Promise<{ base: string; waiting: number[] }> {
  const { assignments } = (await (await fetch(`${address}/api/needs-grading`, { headers })).json()) as {
    assignments: Array<{ course_id: number; id: number }>;
  };
  for (const item of assignments) {
    const base = `/api/grading/courses/${item.course_id}/assignments/${item.id}`;
    const { submissions } = (await (await fetch(`${address}${base}`, { headers })).json()) as {
      submissions: Array<{ id: string; user_id: number; submitted_at: string | null; workflow_state: string }>;
    };
    const waiting = submissions.filter(isSubmissionWaitingForGrade);
    if (fits(waiting.length)) return { base, waiting: waiting.map((s) => s.user_id) };
  }
  throw new Error('no assignment with the number of waiting submissions asked for');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const index = process.argv.indexOf('--server');
  await benchJobs(index > 0 ? process.argv[index + 1] : undefined);
}
