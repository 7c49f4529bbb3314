/**
 * Hostile documents against a built server, one fresh server process per case:
 *
 *   npm run build:server && npx tsx bench/measure-hostile-files.ts [--dist dist] [--upload multipart|json]
 *     [--timeout 60] [--only docx] [--paths upload,draft]
 *
 * For each file, through the public upload route and through a student's attachment while a
 * teacher drafts: the request time, the worst answer time of `/api/health` probed every 20 ms
 * (how long the event loop was blocked), and the RSS of the server with its child processes (PDF
 * readers) before, at peak and 3 s after the answer. `--upload json` speaks the
 * older base64-in-JSON upload. Needs the Postgres server of DATABASE_URL (default: the local one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startDemoCanvas, type RunningDemoCanvas } from '@/server/demo-canvas';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import {
  docxHugeRun,
  docxParagraphBomb,
  pdfFlateBomb,
  pdfInflationBomb,
  pdfManyPages,
  unclosedTagsHtml,
} from '@/server/test/make-hostile-files';
import { plantStudentFile, type PlantedFile } from '@/server/test/plant-student-file';
import { printTable } from './load';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    upload: { type: 'string', default: 'multipart' },
    timeout: { type: 'string', default: '60' },
    only: { type: 'string' },
    paths: { type: 'string', default: 'upload,draft' },
  },
});
const timeoutMs = Number(args.timeout) * 1000;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Case = {
  name: string;
  make: () => Promise<PlantedFile> | PlantedFile;
  /** The name and type the upload claims. */ upload?: { filename: string; contentType: string };
};

const cases: Case[] = [
  {
    name: '.docx, 62 KB, 320 MB declared (overlapping entries)',
    make: () => ({ filename: 'bomb.docx', contentType: DOCX, bytes: docxParagraphBomb() }),
  },
  {
    name: '.docx, 62 KB, 20 MB of paragraphs',
    make: () => ({ filename: 'paragraphs.docx', contentType: DOCX, bytes: docxParagraphBomb({ aliases: 0 }) }),
  },
  {
    name: '.docx, one 300 MB run (300 KB)',
    make: async () => ({ filename: 'run.docx', contentType: DOCX, bytes: await docxHugeRun({ megabytes: 300 }) }),
  },
  {
    name: '.pdf, 20,000 pages (4.5 MB)',
    make: () => ({ filename: 'pages.pdf', contentType: 'application/pdf', bytes: pdfManyPages(20_000) }),
  },
  {
    name: '.pdf, FlateDecode stream of 20 MB (70 KB)',
    make: () => ({ filename: 'flate.pdf', contentType: 'application/pdf', bytes: pdfFlateBomb(20) }),
  },
  {
    name: '.pdf, 1.5 MB inflating to 1.5 GB of spaces',
    make: () => ({ filename: 'inflates.pdf', contentType: 'application/pdf', bytes: pdfInflationBomb(1_500) }),
  },
  ...[190 * 1024, 5_000_000].map((bytes) => ({
    name: `HTML "<a '" x N, ${bytes > 1e6 ? '5 MB' : '190 KB'}`,
    make: () => ({
      filename: 'essay.html',
      contentType: 'text/html',
      bytes: new TextEncoder().encode(unclosedTagsHtml(bytes)),
    }),
    // The upload form takes .txt, .docx and .pdf: the attack names the file .txt and claims HTML.
    upload: { filename: 'assignment.txt', contentType: 'text/html' },
  })),
];

type Measure = {
  status: string;
  requestMs: number;
  worstStallMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
};

async function main() {
  const selected = cases.filter((item) => !args.only || item.name.toLowerCase().includes(args.only.toLowerCase()));
  const paths = args.paths.split(',');
  const rows: Array<[string, string]> = [];
  for (const item of selected) {
    const file = await item.make();
    for (const route of paths) {
      const result = await withServer((server) =>
        route === 'upload' ? measureUpload(server, file, item.upload) : measureDraft(server, file),
      );
      const line = `${result.status}; request ${(result.requestMs / 1000).toFixed(2)} s; worst /api/health ${result.worstStallMs.toFixed(0)} ms; RSS ${result.rssBeforeMb} → peak ${result.rssPeakMb} → ${result.rssAfterMb} MB 3 s later`;
      console.info(`${item.name} [${route}]: ${line}`);
      rows.push([`${item.name} [${route}]`, line]);
    }
  }
  printTable(`Hostile files against ${args.dist} (timeout ${args.timeout} s)`, rows);
}

type Server = { baseUrl: string; process: ChildProcess; canvas: RunningDemoCanvas };

async function withServer(run: (server: Server) => Promise<Measure>): Promise<Measure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'margin-hostile-'));
  const databaseName = `margin_hostile_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${databaseName}`;
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['--max-old-space-size=3072', path.join(args.dist, 'server/main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      APP_SECRET: 'hostile-files-secret-long-enough-for-keys',
      LOG_LEVEL: 'error',
      DEMO_CANVAS: 'false',
      CANVAS_ALLOW_PRIVATE_HOSTS: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const canvas = await startDemoCanvas();
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child);
    return await run({ baseUrl, process: child, canvas });
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
    );
    await canvas.close();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('the server did not start');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RSS of a process and all its descendants (the PDF readers are child processes). */
function rssMegabytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    return Math.round(own + childrenOf(pid).reduce((sum, child) => sum + rssMegabytes(child), 0));
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Runs `request` while probing /api/health every 20 ms and sampling RSS. */
async function measure(server: Server, request: () => Promise<Response>): Promise<Measure> {
  const pid = server.process.pid!;
  const rssBeforeMb = rssMegabytes(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMegabytes(pid));
  }, 20);
  let isDone = false;
  let worstStallMs = 0;
  let inFlightSince: number | null = null;
  const probe = (async () => {
    while (!isDone) {
      const began = performance.now();
      inFlightSince = began;
      try {
        await (
          await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutMs + 5000) })
        ).arrayBuffer();
      } catch {
        // counted by its time
      }
      const elapsed = performance.now() - began;
      inFlightSince = null;
      worstStallMs = Math.max(worstStallMs, elapsed);
      await sleep(Math.max(0, 20 - elapsed));
    }
  })();
  const began = performance.now();
  let status: string;
  try {
    const response = await request();
    const body = await response.text();
    status = `${response.status} ${extractMessage(body)}`;
  } catch (error) {
    status =
      server.process.exitCode !== null || server.process.signalCode !== null
        ? 'server died'
        : `no answer within ${args.timeout} s (${(error as Error).name})`;
  }
  const requestMs = performance.now() - began;
  isDone = true;
  // A server still frozen does not answer the probe in flight: count it up to now, then stop waiting.
  await Promise.race([probe, sleep(1000)]);
  if (inFlightSince !== null) worstStallMs = Math.max(worstStallMs, performance.now() - inFlightSince);
  await sleep(3000);
  clearInterval(sampler);
  return { status, requestMs, worstStallMs, rssBeforeMb, rssPeakMb, rssAfterMb: rssMegabytes(pid) };
}

function extractMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: string }; files?: unknown };
    if (json.error?.message) return json.error.message.slice(0, 120);
    if (json.files) return `files ${JSON.stringify(json.files)}`;
    return 'ok';
  } catch {
    return body.slice(0, 80);
  }
}

async function measureUpload(
  server: Server,
  file: PlantedFile,
  claimed?: { filename: string; contentType: string },
): Promise<Measure> {
  const filename = claimed?.filename ?? file.filename;
  const contentType = claimed?.contentType ?? file.contentType;
  const url = `${server.baseUrl}/api/literacy/integrations`;
  return measure(server, () => {
    const signal = AbortSignal.timeout(timeoutMs);
    if (args.upload === 'json') {
      const payload = {
        assignmentTitle: 'Essay',
        assignmentText: '',
        file: { name: filename, contentType, contentBase64: Buffer.from(file.bytes).toString('base64') },
      };
      return fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal,
      });
    }
    const form = new FormData();
    form.set('assignmentTitle', 'Essay');
    form.set('file', new Blob([new Uint8Array(file.bytes)], { type: contentType }), filename);
    return fetch(url, { method: 'POST', body: form, signal });
  });
}

async function measureDraft(server: Server, file: PlantedFile): Promise<Measure> {
  const email = `hostile-${Date.now()}@school.test`;
  const json = { 'content-type': 'application/json' };
  const call = (url: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${url}`, init);
  await call('/api/auth/sign-up', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'correct horse', fullName: 'Test Teacher' }),
  });
  const signIn = (await (
    await call('/api/auth/sign-in', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'correct horse' }),
    })
  ).json()) as {
    session: { access_token: string };
  };
  const headers = { authorization: `Bearer ${signIn.session.access_token}` };
  const connected = await call('/api/canvas/connection', {
    method: 'PUT',
    headers: { ...headers, ...json },
    body: JSON.stringify({ canvasUrl: server.canvas.baseUrl, canvasToken: server.canvas.token }),
  });
  if (!connected.ok) throw new Error(`connecting failed: ${await connected.text()}`);
  const { assignments } = (await (await call('/api/needs-grading', { headers })).json()) as {
    assignments: Array<{ course_id: number; id: number }>;
  };
  const target = assignments[0]!;
  const base = `/api/grading/courses/${target.course_id}/assignments/${target.id}`;
  const view = (await (await call(base, { headers })).json()) as AssignmentGradingView;
  const student = view.submissions.find(
    (submission: GradingSubmission) =>
      !submission.id.startsWith('placeholder_') &&
      submission.submitted_at !== null &&
      submission.workflow_state !== 'graded',
  )!;
  plantStudentFile(
    server.canvas.state,
    { assignmentId: target.id, userId: student.user_id },
    file,
    '<p>My essay is in the attached file.</p>',
  );
  return measure(server, () =>
    call(`${base}/drafts`, {
      method: 'POST',
      headers: { ...headers, ...json },
      body: JSON.stringify({
        userId: student.user_id,
        options: { mode: 'formative', useRubric: false, customInstructions: null },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    }),
  );
}

await main();
