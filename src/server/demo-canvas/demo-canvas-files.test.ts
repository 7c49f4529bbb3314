import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CANVAS_TA_TOKEN, startDemoCanvas, type RunningDemoCanvas } from './index';
import { callCanvas } from '../test/demo-canvas-support';

let demo: RunningDemoCanvas;
let files: Array<{ url: string; size: number; 'content-type': string; filename: string }>;

beforeAll(async () => {
  demo = await startDemoCanvas();
  const [lab] = (
    await callCanvas(demo.baseUrl, '/api/v1/courses/4203/assignments?search_term=lab%20report', { token: demo.token })
  ).json;
  const submissions = (
    await callCanvas(demo.baseUrl, `/api/v1/courses/4203/assignments/${lab.id}/submissions?per_page=100`, {
      token: demo.token,
    })
  ).json;
  files = submissions.flatMap((s: { attachments?: typeof files }) => s.attachments ?? []);
});
afterAll(() => demo.close());

const fileOf = (contentType: string) => {
  const file = files.find((f) => f['content-type'] === contentType);
  if (!file) throw new Error(`no ${contentType} attachment in the seed`);
  return file;
};
const download = async (url: string, token?: string) => {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
};
/** The lab report's opening words, which every generated lab report contains. */
const ESSAY_TEXT = /Methods: We sampled three sites along the creek on the same morning\./;

describe('demo Canvas attachments', () => {
  it('serves a .txt file with the essay, its size matching the JSON', async () => {
    const file = fileOf('text/plain');
    const { response, bytes } = await download(file.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('content-disposition')).toContain(file.filename);
    expect(bytes.byteLength).toBe(file.size);
    expect(new TextDecoder().decode(bytes)).toMatch(ESSAY_TEXT);
  });

  it('serves a valid .docx whose text is the essay', async () => {
    const file = fileOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const { bytes } = await download(file.url);
    expect(bytes.byteLength).toBe(file.size);
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    expect(value).toMatch(ESSAY_TEXT);
  });

  it('serves a valid .pdf whose text is the essay', async () => {
    const file = fileOf('application/pdf');
    const { bytes } = await download(file.url);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toMatch(ESSAY_TEXT);
  });

  it('needs the verifier or a token of someone in the course', async () => {
    const url = new URL(fileOf('text/plain').url);
    url.searchParams.delete('verifier');
    expect((await download(url.toString())).response.status).toBe(401);
    expect((await download(url.toString(), demo.token)).response.status).toBe(200);
    url.searchParams.set('verifier', 'guessed');
    expect((await download(url.toString())).response.status).toBe(401);
    expect((await download(url.toString(), DEMO_CANVAS_TA_TOKEN)).response.status).toBe(403);
  });
});
