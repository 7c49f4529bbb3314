import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { startTestCanvas } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import {
  buildServer,
  connectedTeacherOver,
  createServerDatabase,
  postgresServerUrl,
  startInstance,
  type Instance,
} from '@/server/test/instances';

const serverUrl = postgresServerUrl();
if (!serverUrl) {
  console.warn(
    'Two instances on one database need a Postgres server: set DATABASE_URL=postgres://… to run this test (skipped on the embedded database).',
  );
}

const STUDENTS = 30;
const options = { mode: 'formative', useRubric: false, customInstructions: null };

describe.skipIf(!serverUrl)('two instances on one Postgres database', () => {
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let built: Awaited<ReturnType<typeof buildServer>>;
  let canvas: RunningDemoCanvas;
  let ai: FakeAiServer;
  const instances: Instance[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    [database, built, canvas, ai] = await Promise.all([
      createServerDatabase(serverUrl!),
      buildServer('instances-check'),
      startTestCanvas({ scenario: { courses: 1, assignmentsPerCourse: 1, studentsPerCourse: STUDENTS } }),
      startFakeAiServer(),
    ]);
    ai.setDefault({ kind: 'delay', ms: 1000, then: { kind: 'from-schema' } });
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      APP_SECRET: 'two-instances-secret-long-enough-for-keys',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: ai.baseUrl,
      AI_MODEL: 'test-model',
      DEMO_CANVAS: 'false',
      CANVAS_ALLOW_PRIVATE_HOSTS: 'true',
      // Jobs expire as in production (150 s for a class draft): the drafts of a killed instance
      // come back through the heartbeat, one a second here (every 10 s in production).
      JOB_HEARTBEAT_SECONDS: '1',
      LOG_LEVEL: 'warn',
    };
    // One after the other: both would install the queue's tables at once otherwise (it copes, but slowly).
    instances.push(await startInstance(built.main, env));
    instances.push(await startInstance(built.main, env));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.kill('SIGKILL')));
    await Promise.all([canvas?.close(), ai?.close()]);
    await database?.drop();
    built?.remove();
  });

  it('finishes every draft of a run through the second instance within 60 s after the first is killed, and a restarted instance answers at once', async () => {
    const [first, second] = instances as [Instance, Instance];
    const teacher = await connectedTeacherOver(first.address, canvas);
    const { assignments } = (await (
      await fetch(`${first.address}/api/needs-grading`, { headers: teacher.headers })
    ).json()) as {
      assignments: { course_id: number; id: number }[];
    };
    const path = `/api/grading/courses/${assignments[0]!.course_id}/assignments/${assignments[0]!.id}/drafts`;

    const started = await fetch(`${first.address}${path}/batch`, {
      method: 'POST',
      headers: { ...teacher.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ options }),
    });
    expect(started.status).toBe(200);
    const run = (await started.json()) as { id: string; total: number; status: string };
    expect(run.status).toBe('running');
    expect(run.total).toBeGreaterThan(8);

    // The first instance is working on its share of the students (the model takes 1 s a draft): kill it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await first.kill('SIGKILL')).toBe('SIGKILL');
    const killedAt = Date.now();

    // The first instance restarts while the run's students wait in the queue: it answers /healthz
    // before it takes any of them, and keeps answering while it drafts.
    const restartedAt = Date.now();
    const restarted = await startInstance(built.main, env, '/healthz');
    const answeredAfterMs = Date.now() - restartedAt;
    instances.push(restarted);
    let longestGapMs = 0;
    let last = Date.now();
    while (Date.now() - restartedAt < answeredAfterMs + 3000) {
      expect((await fetch(`${restarted.address}/healthz`)).status).toBe(200);
      longestGapMs = Math.max(longestGapMs, Date.now() - last);
      last = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    console.info(`restarted instance: /healthz after ${answeredAfterMs} ms, longest gap ${longestGapMs} ms`);
    expect(longestGapMs).toBeLessThan(2000);

    type Stored = {
      drafts: Record<string, unknown>;
      job: { id: string; total: number; completed: number; failed: number; status: string };
    };
    let stored: Stored | null = null;
    const deadline = killedAt + 60_000;
    while (Date.now() < deadline) {
      stored = (await (await fetch(`${second.address}${path}`, { headers: teacher.headers })).json()) as Stored;
      if (stored.job.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(stored?.job).toMatchObject({ id: run.id, status: 'finished', completed: run.total, failed: 0 });
    expect(Object.keys(stored!.drafts)).toHaveLength(run.total);
  }, 120_000);

  it('stops cleanly on SIGTERM (jobs stopped, database closed) and exits 0', async () => {
    const second = instances[1]!;
    const exited = second.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running after 30 s'), 30_000)),
    ]);
    expect({ code, output: code === 0 ? '' : second.output().slice(-3000) }).toEqual({ code: 0, output: '' });
  }, 60_000);
});
