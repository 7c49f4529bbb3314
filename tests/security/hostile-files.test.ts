import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import { createAiModel } from '@/server/adapters/ai';
import { extractDocumentText } from '@/server/adapters/documents';
import { sharedDocumentReader } from '@/server/adapters/documents/read-in-worker';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import {
  docxHugeRun,
  docxParagraphBomb,
  pdfFlateBomb,
  pdfManyPages,
  unclosedTagsHtml,
} from '@/server/test/make-hostile-files';
import { plantStudentFile } from '@/server/test/plant-student-file';
import { buildTestApp } from '@/server/test/test-app';

/**
 * Security review findings C1, C2 and H4: hostile documents sent by anyone through the public
 * upload of the assignment integration tool, and by a student as an attachment the teacher drafts
 * from. Each one must be refused or cut by a limit (the message says which; none waits for the
 * time budget), and the server must keep answering meanwhile: /api/health, probed every 20 ms,
 * within 200 ms.
 *
 * Drafts come from a local model server, not the offline engine, whose own analysis of a long text
 * runs on the event loop; that cost belongs to drafting, not to reading documents.
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MAX_STALL_MS = 200;
const PASTE_INSTEAD = 'Paste the assignment text into the content box instead.';
const PASTE_A_PART = 'Paste the part of the assignment you want to work on into the content box.';

type HostileFile = { filename: string; contentType: string; bytes: Uint8Array };

let model: FakeAiServer;
beforeAll(async () => {
  model = await startFakeAiServer();
});
afterAll(() => model.close());
const harness = buildTestApp(() => ({
  canvas: true,
  aiModel: createAiModel(
    { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'test' },
    { maxNetworkRetries: 0 },
  ),
}));

const files: Record<string, HostileFile> = {};
beforeAll(async () => {
  // Both reader threads up before anything is measured: starting a worker from TypeScript (tsx)
  // costs the event loop more than starting the built one does.
  const warmUp = { bytes: new TextEncoder().encode('warm'), filename: 'warm.txt' };
  await Promise.all([extractDocumentText(warmUp), extractDocumentText(warmUp)]);
  const encode = (text: string) => new TextEncoder().encode(text);
  Object.assign(files, {
    bomb: { filename: 'bomb.docx', contentType: DOCX, bytes: docxParagraphBomb() },
    paragraphs: { filename: 'paragraphs.docx', contentType: DOCX, bytes: docxParagraphBomb({ aliases: 0 }) },
    run: { filename: 'run.docx', contentType: DOCX, bytes: await docxHugeRun({ megabytes: 300 }) },
    pages: { filename: 'pages.pdf', contentType: 'application/pdf', bytes: pdfManyPages(20_000) },
    flate: { filename: 'flate.pdf', contentType: 'application/pdf', bytes: pdfFlateBomb(20) },
    tags190k: { filename: 'essay.html', contentType: 'text/html', bytes: encode(unclosedTagsHtml(190 * 1024)) },
    tags5m: { filename: 'essay.html', contentType: 'text/html', bytes: encode(unclosedTagsHtml(5_000_000)) },
  } satisfies Record<string, HostileFile>);
}, 120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * CPU time the main thread (the event loop's) has used, from Linux's per-thread accounting; worker
 * threads are not counted. 10 ms resolution.
 */
function eventLoopCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

/**
 * Runs `work` while /api/health is asked every 20 ms, until the work ends or the document reader has
 * finished the document. Each probe's delay counts from when it was due, so a blocked event loop
 * shows up even in the timer that should have sent it; and it counts only as long as the event loop
 * itself was busy meanwhile (its thread's CPU time), so a probe that waited because this shared
 * machine gave the process no CPU is not taken for a blocked loop. A file read on the event loop
 * keeps that thread busy for the whole delay. (After the reading, a draft goes on with its own work
 * on the text it got, up to 60,000 characters; that is drafting, not reading documents.)
 */
async function whileProbing<T>(
  work: () => Promise<T>,
): Promise<{ result: T; worstStallMs: number; elapsedMs: number }> {
  let isDone = false;
  let worstStallMs = 0;
  const reader = sharedDocumentReader();
  const finishedBefore = reader.load().finished;
  const hasReadDocument = () => reader.load().finished > finishedBefore;
  const probe = (async () => {
    while (!isDone && !hasReadDocument()) {
      const due = performance.now() + 20;
      const cpuAtStart = eventLoopCpuMs();
      await sleep(20);
      // The reader finished while this probe waited: what delayed it came after the reading.
      if (hasReadDocument()) break;
      const response = await harness.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      const waitedMs = performance.now() - due;
      const busyMs = eventLoopCpuMs() - cpuAtStart;
      worstStallMs = Math.max(worstStallMs, Math.min(waitedMs, busyMs));
    }
  })();
  const startedAt = performance.now();
  const result = await work();
  const elapsedMs = performance.now() - startedAt;
  isDone = true;
  await probe;
  return { result, worstStallMs, elapsedMs };
}

/**
 * The event-loop check, robust to a busy machine: a file processed on the event loop blocks it the
 * same way every time, while a slow probe caused by other processes rarely repeats. So the work is
 * run up to three times, and the best of the worst stalls must stay under the limit. The first
 * run's answer is returned for the other assertions.
 */
async function expectServerKeepsAnswering<T>(work: () => Promise<T>): Promise<T> {
  const stalls: number[] = [];
  let first: T | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { result, worstStallMs } = await whileProbing(work);
    first ??= result;
    stalls.push(Math.round(worstStallMs));
    if (worstStallMs < MAX_STALL_MS) break;
  }
  expect(Math.min(...stalls), `worst /api/health delay of each run: ${stalls.join(', ')} ms`).toBeLessThan(
    MAX_STALL_MS,
  );
  return first as T;
}

let addressCounter = 0;
function uploadAssignment(file: HostileFile, claimed: { filename?: string; contentType?: string } = {}) {
  const form = new FormData();
  form.append('assignmentTitle', 'Essay');
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: claimed.contentType ?? file.contentType }),
    claimed.filename ?? file.filename,
  );
  addressCounter += 1;
  return harness.app.inject({
    method: 'POST',
    url: '/api/literacy/integrations',
    payload: form,
    remoteAddress: `192.0.2.${addressCounter}`,
  });
}

describe('the event-loop probe', () => {
  it('sees a loop kept busy for a second', async () => {
    const { worstStallMs } = await whileProbing(async () => {
      await sleep(50);
      const startedAt = eventLoopCpuMs();
      while (eventLoopCpuMs() - startedAt < 1000) {
        // What reading a file on the event loop did, for far longer.
      }
      await sleep(50);
    });
    expect(worstStallMs).toBeGreaterThan(800);
  });
});

describe('hostile files through the public upload of the integration tool', () => {
  const cases: Array<{
    name: string;
    file: () => HostileFile;
    claimed?: { filename: string; contentType: string };
    status: number;
    message: string;
  }> = [
    {
      name: 'a 62 KB .docx that claims 320 MB once unpacked',
      file: () => files.bomb!,
      status: 400,
      message: `bomb.docx would unpack to more than 32 MB, far more than any real document needs, and was not read. ${PASTE_INSTEAD}`,
    },
    {
      name: 'a 62 KB .docx of 20 MB of paragraphs',
      file: () => files.paragraphs!,
      status: 400,
      message: `paragraphs.docx holds more than 20,000 characters of text; the tool takes at most 20,000. ${PASTE_A_PART}`,
    },
    {
      name: 'a .docx with one run of 300 MB',
      file: () => files.run!,
      status: 400,
      message: `run.docx would unpack to more than 32 MB, far more than any real document needs, and was not read. ${PASTE_INSTEAD}`,
    },
    {
      name: 'a 4.5 MB PDF of 20,000 pages',
      file: () => files.pages!,
      status: 400,
      message: `pages.pdf has more than 100 pages; the tool reads at most 100. ${PASTE_A_PART}`,
    },
    {
      name: 'a PDF whose content stream inflates to 20 MB',
      file: () => files.flate!,
      status: 400,
      message: `flate.pdf holds more than 20,000 characters of text; the tool takes at most 20,000. ${PASTE_A_PART}`,
    },
    {
      name: '190 KB of unclosed tags named .txt and claimed as HTML',
      file: () => files.tags190k!,
      claimed: { filename: 'assignment.txt', contentType: 'text/html' },
      status: 400,
      message: `assignment.txt holds more than 20,000 characters of text; the tool takes at most 20,000. ${PASTE_A_PART}`,
    },
    {
      name: '5 MB of unclosed tags named .txt and claimed as HTML',
      file: () => files.tags5m!,
      claimed: { filename: 'assignment.txt', contentType: 'text/html' },
      status: 400,
      message: `assignment.txt holds more than 20,000 characters of text; the tool takes at most 20,000. ${PASTE_A_PART}`,
    },
  ];

  for (const hostile of cases) {
    it(`${hostile.name}: refused by a limit while the server keeps answering`, async () => {
      const result = await expectServerKeepsAnswering(() => uploadAssignment(hostile.file(), hostile.claimed));
      expect(result.json().error?.message).toBe(hostile.message);
      expect(result.statusCode).toBe(hostile.status);
    });
  }
});

describe('hostile files handed in by a student, read while the teacher drafts', () => {
  let teacher: Awaited<ReturnType<typeof connectedTeacher>>;
  let base: string;
  let target: { assignmentId: number; userId: number };

  beforeAll(async () => {
    teacher = await connectedTeacher(harness.app, harness.canvas);
    const { assignments } = (
      await harness.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
    ).json();
    const assignment = assignments[0] as { course_id: number; id: number };
    base = `/api/grading/courses/${assignment.course_id}/assignments/${assignment.id}`;
    const view = (
      await harness.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json() as AssignmentGradingView;
    const student = view.submissions.find(
      (submission: GradingSubmission) =>
        !submission.id.startsWith('placeholder_') &&
        submission.submitted_at !== null &&
        submission.workflow_state !== 'graded',
    )!;
    target = { assignmentId: assignment.id, userId: student.user_id };
  });

  const draft = () =>
    harness.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: target.userId, options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });

  const ESSAY =
    '<p>The water cycle moves water between the land, the sea and the sky. Evaporation comes first; condensation follows.</p>';
  const cases: Array<{ name: string; file: () => HostileFile; outcome: 'read' | 'failed' }> = [
    { name: 'a 62 KB .docx that claims 320 MB once unpacked', file: () => files.bomb!, outcome: 'failed' },
    {
      name: 'a 62 KB .docx of 20 MB of paragraphs (read up to the text limit)',
      file: () => files.paragraphs!,
      outcome: 'read',
    },
    { name: 'a .docx with one run of 300 MB', file: () => files.run!, outcome: 'failed' },
    { name: 'a 4.5 MB PDF of 20,000 pages (read up to the page limit)', file: () => files.pages!, outcome: 'read' },
    {
      name: 'a PDF whose content stream inflates to 20 MB (read up to the text limit)',
      file: () => files.flate!,
      outcome: 'read',
    },
    { name: '190 KB of unclosed tags in an .html file', file: () => files.tags190k!, outcome: 'read' },
    { name: '5 MB of unclosed tags in an .html file', file: () => files.tags5m!, outcome: 'read' },
  ];

  for (const hostile of cases) {
    it(`${hostile.name}: the draft is made from the rest while the server keeps answering`, async () => {
      const file = hostile.file();
      plantStudentFile(harness.canvas.state, target, file, ESSAY);
      const result = await expectServerKeepsAnswering(draft);
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json().files[hostile.outcome]).toEqual([file.filename]);
    });
  }

  it('unclosed tags in the submission text itself are read in one pass', async () => {
    for (const size of [190 * 1024, 5_000_000]) {
      plantStudentFile(
        harness.canvas.state,
        target,
        {
          filename: 'notes.txt',
          contentType: 'text/plain',
          bytes: new TextEncoder().encode('Evaporation comes first.'),
        },
        `<p>My essay.</p>${unclosedTagsHtml(size)}`,
      );
      const { result, elapsedMs } = await whileProbing(draft);
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json().files.read).toEqual(['notes.txt']);
      // It used to take minutes; what is left is drafting's own work on the event loop.
      expect(elapsedMs).toBeLessThan(10_000);
    }
  });
});
