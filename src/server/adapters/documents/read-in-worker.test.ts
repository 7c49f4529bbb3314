import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { docxFromBody, pdfInflationBomb, pdfManyPages } from '@/server/test/make-hostile-files';
import { serverBuildOptions } from '../../../../scripts/build-server';
import { createDocumentReader, type DocumentReader } from './read-in-worker';
import type { ReadTask } from './read-result';

const readers: DocumentReader[] = [];
function reader(budget: Parameters<typeof createDocumentReader>[0]) {
  const created = createDocumentReader(budget);
  readers.push(created);
  return created;
}
afterAll(() => Promise.all(readers.map((each) => each.close())));

const small: ReadTask = {
  bytes: new TextEncoder().encode('Photosynthesis turns light into sugar.'),
  kind: 'text',
  maxCharacters: 1_000,
};
/** Twenty thousand pages, all of them to be read: far longer than any budget below. */
const slow: ReadTask = { bytes: pdfManyPages(20_000), kind: 'pdf', maxCharacters: 10_000_000, maxPdfPages: 20_000 };

describe('reading documents in worker threads', () => {
  it('reads from the TypeScript sources through its own worker', async () => {
    const outcome = await reader({ threads: 1 }).read(small);
    expect(outcome).toEqual({ ok: true, text: 'Photosynthesis turns light into sugar.', cut: null });
  });

  it('stops a worker that passes its time budget, and reads the next document with a new one', async () => {
    const timed = reader({ threads: 1, timeoutMs: 4_000 });
    expect(await timed.read(slow)).toEqual({ ok: false, problem: 'timeout' });
    // With one thread, this only gets read if the stuck worker was terminated.
    expect(await timed.read(small)).toMatchObject({ ok: true, text: 'Photosynthesis turns light into sugar.' });
  });

  it('stops a worker that runs out of its heap, and reads the next document with a new one', async () => {
    const cramped = reader({ threads: 1, maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4, timeoutMs: 30_000 });
    const paragraphs = new TextEncoder().encode('<p>x</p>'.repeat(1_200_000));
    expect(await cramped.read({ bytes: paragraphs, kind: 'html', maxCharacters: 100_000_000 })).toEqual({
      ok: false,
      problem: 'out-of-memory',
    });
    expect(await cramped.read(small)).toMatchObject({ ok: true });
  });

  it('reads at most `threads` documents at once, lets a few wait, and refuses the rest as busy', async () => {
    // A long wait allowance, so the waiting read is never refused as busy on a slow machine.
    const narrow = reader({ threads: 1, maxWaiting: 1, maxWaitMs: 60_000, timeoutMs: 3_000 });
    const first = narrow.read(slow);
    const second = narrow.read(small);
    expect(await narrow.read(small)).toEqual({ ok: false, problem: 'busy' });
    expect(narrow.load()).toMatchObject({ reading: 1, waiting: 1 });
    expect(await first).toEqual({ ok: false, problem: 'timeout' });
    expect(await second).toMatchObject({ ok: true });
    expect(narrow.load()).toMatchObject({ reading: 0, waiting: 0 });
  });

  it('reads a PDF in a child process, killed past its memory, so an inflation bomb never reaches the server', async () => {
    const guarded = reader({ threads: 2 });
    const bomb = pdfInflationBomb(1_500);
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    const before = residentMegabytes();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMegabytes())), 20);
    const outcomes = await Promise.all([
      guarded.read({ bytes: bomb, kind: 'pdf', maxCharacters: 60_000 }),
      guarded.read({ bytes: bomb, kind: 'pdf', maxCharacters: 60_000 }),
    ]);
    clearInterval(sampler);
    expect(outcomes).toEqual([
      { ok: false, problem: 'out-of-memory' },
      { ok: false, problem: 'out-of-memory' },
    ]);
    // In a worker thread, each of these took the process up by more than a gigabyte, kept afterwards;
    // here the two readers together, counted with this process, stay under 300 MB and give it back.
    expect(peak - before).toBeLessThan(300);
    expect(residentMegabytes() - before).toBeLessThan(50);
    expect(await guarded.read({ bytes: pdfManyPages(3), kind: 'pdf', maxCharacters: 1_000 })).toMatchObject({
      ok: true,
      text: expect.stringContaining('Page 3'),
    });
  });

  it('refuses a document as busy when it has waited too long for a worker', async () => {
    const impatient = reader({ threads: 1, maxWaitMs: 300, timeoutMs: 3_000 });
    const first = impatient.read(slow);
    expect(await impatient.read(small)).toEqual({ ok: false, problem: 'busy' });
    expect(await first).toEqual({ ok: false, problem: 'timeout' });
  });
});

/** Resident memory of this process and every process it started (the PDF readers), in MB. */
function residentMegabytes(pid: number | 'self' = 'self'): number {
  try {
    const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
    return own + children.reduce((sum, child) => sum + residentMegabytes(child), 0);
  } catch {
    return 0;
  }
}

describe('the built server bundle', () => {
  const outdir = path.resolve('dist', `bundle-check-${process.pid}`);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('starts the worker it was built with, from the bundle folder', async () => {
    await build(serverBuildOptions({ outdir }));
    // A second entry point bundled like main.ts: the reader inside it finds document-worker.js beside it.
    const probe = [
      "import { extractDocumentText } from '@/server/adapters/documents';",
      'const docx = new Uint8Array(Buffer.from(process.argv[2], "base64"));',
      'const pdf = new Uint8Array(Buffer.from(process.argv[3], "base64"));',
      "const read = await Promise.all([extractDocumentText({ bytes: docx, filename: 'essay.docx' }), extractDocumentText({ bytes: pdf, filename: 'essay.pdf' })]);",
      'console.log(JSON.stringify(read));',
      'process.exit(0);',
    ].join('\n');
    await build({
      ...serverBuildOptions({ outdir }),
      entryPoints: undefined,
      outdir: undefined,
      splitting: false,
      stdin: { contents: probe, resolveDir: process.cwd(), sourcefile: 'probe.ts', loader: 'ts' },
      outfile: path.join(outdir, 'probe.js'),
    });
    const docx = Buffer.from(docxFromBody('<w:p><w:r><w:t>Read in the bundle</w:t></w:r></w:p>')).toString('base64');
    const pdf = Buffer.from(pdfManyPages(1)).toString('base64');
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(outdir, 'probe.js'), docx, pdf], {
      timeout: 30_000,
    });
    // The .docx in a worker thread, the PDF in a child process: both from the bundle folder.
    expect(JSON.parse(stdout)).toEqual([
      { status: 'read', text: 'Read in the bundle' },
      { status: 'read', text: expect.stringContaining('Page 1') },
    ]);
  });
});
