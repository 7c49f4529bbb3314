/**
 * `npm run bench`: builds the client, starts the app on a free loopback port with a throwaway
 * embedded database, and prints figures. Numbers, not assertions: compare them across changes.
 * `npm run bench -- --only=pages` measures only the public pages in Chromium; `--no-build` serves
 * the client already in dist/client; `--only=grading-loop` measures only Save & Next in Chromium;
 * `--only=large-classes` measures only drafting on classes of 100, 300 and 1,000 students;
 * `--only=insights` measures only the Students and Analytics tabs of a 40 × 30 course.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/connection';
import { createAiModel } from '@/server/adapters/ai';
import { startDemoCanvas } from '@/server/demo-canvas';
import { startFakeAiServer } from '@/server/test/fake-ai-server';
import { benchAuth } from './bench-auth';
import { benchCanvasLists } from './bench-canvas';
import { benchDrafting, benchOpenAssignment, findAssignmentWithWaiting } from './bench-grading';
import { benchScaleModel } from './bench-scale-model';
import { benchJobs } from './bench-jobs';
import { benchGradingLoop } from './bench-grading-loop';
import { benchLargeClasses } from './bench-large-classes';
import { benchInsights } from './bench-insights';
import { benchPublicPages } from './pages';

const onlyPages = process.argv.includes('--only=pages');
const onlyGradingLoop = process.argv.includes('--only=grading-loop');
const onlyLargeClasses = process.argv.includes('--only=large-classes');
const onlyInsights = process.argv.includes('--only=insights');

async function main() {
  if (onlyLargeClasses) return benchLargeClasses();
  if (onlyInsights) return benchInsights();
  if (!onlyPages && !onlyGradingLoop) await benchScaleModel();
  if (!process.argv.includes('--no-build')) {
    console.log('Building the client...');
    execSync('npx tsx scripts/build-client.ts --quiet', { stdio: 'inherit' });
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'margin-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    PORT: '0',
    APP_SECRET: 'bench-secret-that-is-long-enough-for-keys',
    // The bench's own demo Canvas runs on a loopback port.
    CANVAS_ALLOW_PRIVATE_HOSTS: 'true',
    DEMO_CANVAS: 'false',
    // The bench signs up more teachers from loopback than the per-address limit allows in an hour.
    SIGN_UP_LIMIT_PER_HOUR: '1000',
  });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const ai = await startFakeAiServer();
  ai.setDefault({ kind: 'delay', ms: 1000, then: { kind: 'from-schema' } });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    aiModel: createAiModel(
      { provider: 'openai-compatible', baseUrl: ai.baseUrl, model: 'bench' },
      { maxNetworkRetries: 0 },
    ),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const lists = await startDemoCanvas({ scenario: { courses: 12, assignmentsPerCourse: 40, studentsPerCourse: 30 } });
  const large = await startDemoCanvas({ scenario: { courses: 2, assignmentsPerCourse: 20, studentsPerCourse: 200 } });
  const drafting = await startDemoCanvas({ scenario: { courses: 3, assignmentsPerCourse: 20, studentsPerCourse: 90 } });
  const demo = await startDemoCanvas();
  try {
    if (onlyGradingLoop) return await benchGradingLoop(address, demo, () => connect(address, demo));
    await benchPublicPages(address);
    if (onlyPages) return;
    await benchAuth(address);

    lists.faults.latencyMs = 100;
    await benchCanvasLists(app, lists, await connect(address, lists));

    const largeTeacher = await connect(address, large);
    const { assignments } = await (
      await fetch(`${address}/api/needs-grading`, { headers: largeTeacher.headers })
    ).json();
    large.faults.latencyMs = 100;
    await benchOpenAssignment(
      app,
      large,
      largeTeacher,
      `/api/grading/courses/${assignments[0].course_id}/assignments/${assignments[0].id}`,
    );

    const drafter = await connect(address, drafting);
    const { base, view } = await findAssignmentWithWaiting(app, drafter, 30);
    await benchDrafting(app, drafter, base, view);

    await benchGradingLoop(address, demo, () => connect(address, demo));
  } finally {
    await Promise.all([lists.close(), large.close(), drafting.close(), demo.close(), ai.close()]);
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!onlyGradingLoop) {
    await benchJobs();
    await benchInsights();
    await benchLargeClasses();
  }
}

/** A new teacher connected to `canvas` through the API. */
async function connect(address: string, canvas: { baseUrl: string; token: string }) {
  const email = `bench-${Math.random().toString(36).slice(2)}@school.test`;
  const json = { 'content-type': 'application/json' };
  await fetch(`${address}/api/auth/sign-up`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'bench-password', fullName: 'Bench' }),
  });
  const signIn = await fetch(`${address}/api/auth/sign-in`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  const { session } = (await signIn.json()) as { session: { access_token: string } };
  const headers = { authorization: `Bearer ${session.access_token}` };
  const connected = await fetch(`${address}/api/canvas/connection`, {
    method: 'PUT',
    headers: { ...headers, ...json },
    body: JSON.stringify({ canvasUrl: canvas.baseUrl, canvasToken: canvas.token }),
  });
  if (!connected.ok) throw new Error(`connecting the bench Canvas failed: ${await connected.text()}`);
  return { headers, email, password: 'bench-password' };
}

await main();
