import { sql } from 'drizzle-orm';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiModel } from '@/server/adapters/ai';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { buildTestApp, queryRows, type BuiltTestApp } from '@/server/test/test-app';
import { diverPhases, integrationResultSchema, type IntegrationSuggestion } from '@/shared/schemas/ai';
import {
  BOTH_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  INTEGRATION_FAILED_MESSAGE,
  MAX_UPLOAD_BYTES,
  integrationToolResponseSchema,
} from '@/shared/schemas/literacy';
import { LITERACY_RATE_LIMITS } from './rate-limits';
import { INTEGRATION_JSON_BODY_LIMIT_BYTES } from './read-integration-request';

let addressCounter = 0;
/** Each request comes from its own address unless a test says otherwise, so rate limits never leak between tests. */
const nextAddress = () => `198.51.100.${(addressCounter += 1) % 250}`;

const assignment = {
  assignmentTitle: 'The Water Cycle Lab Report',
  assignmentText:
    'Conduct an experiment on evaporation and condensation using two jars of water. Record the temperature every hour. Write a lab report that explains how evaporation, condensation and precipitation move water through the Earth system.',
  subject: 'science',
  gradeLevel: 'middle',
  estimatedTime: '3 class periods',
};

function post(harness: BuiltTestApp, url: string, payload: unknown, remoteAddress = nextAddress()) {
  return harness.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
}

type UploadFile = { name: string; type?: string; bytes: Uint8Array | string };

/** The form as the browser sends it with a file: a multipart upload of the fields and the file. */
function upload(
  harness: BuiltTestApp,
  fields: Record<string, string>,
  file?: UploadFile,
  remoteAddress = nextAddress(),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : new Uint8Array(file.bytes);
    form.append('file', new Blob([bytes], { type: file.type ?? '' }), file.name);
  }
  return harness.app.inject({ method: 'POST', url: '/api/literacy/integrations', payload: form, remoteAddress });
}

/** The fields of `assignment` as form values. */
const formFields = (overrides: Record<string, string> = {}) => ({ ...assignment, ...overrides });

async function makeDocx(paragraphs: string[]): Promise<Uint8Array> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

async function makePdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 700 - index * 20, size: 12, font }));
  return pdf.save();
}

function suggestion(phase: (typeof diverPhases)[number]): IntegrationSuggestion {
  return {
    phase,
    title: `${phase} with the water cycle`,
    description: `Students use AI during ${phase} while studying evaporation.`,
    activities: [`First ${phase} activity`, `Second ${phase} activity`],
    examples: [`A ${phase} example prompt`],
  };
}

/** A well-formed model answer; the model sends phases out of order, the engine puts them in DIVER order. */
const modelAnswer = {
  overview: 'The lab report keeps its goals and adds AI literacy at five points.',
  suggestions: [...diverPhases].reverse().map(suggestion),
  implementation_guide: '1. Day one: discovery.\n2. Day two: verification.',
};

describe('assignment integration through a model (local OpenAI-compatible server)', () => {
  let fake: FakeAiServer;
  beforeAll(async () => {
    fake = await startFakeAiServer();
  });
  afterAll(() => fake.close());
  const harness = buildTestApp(() => ({
    aiModel: createAiModel(
      { provider: 'openai-compatible', baseUrl: fake.baseUrl, model: 'test' },
      { maxNetworkRetries: 0 },
    ),
  }));
  beforeEach(() => fake.reset());

  it('sends the title, content, subject, grade level and time, and returns the checked result', async () => {
    fake.enqueue({ kind: 'json', value: modelAnswer });
    const response = await post(harness, '/api/literacy/integrations', assignment);
    expect(response.statusCode).toBe(200);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.model).toBe('test');
    expect(fake.requests[0]!.body.response_format?.type).toBe('json_schema');
    const prompt = fake.promptText();
    expect(prompt).toContain('Assignment title: The Water Cycle Lab Report');
    expect(prompt).toContain('Record the temperature every hour.');
    expect(prompt).toContain('Subject: Science');
    expect(prompt).toContain('Grade level: Middle School (6-8)');
    expect(prompt).toContain('Estimated time: 3 class periods');

    const body = integrationToolResponseSchema.parse(response.json());
    expect(body.result.engine).toBe('openai-compatible');
    expect(body.result.suggestions.map((item) => item.phase)).toEqual([...diverPhases]);
    expect(body.result.overview).toBe(modelAnswer.overview);
    expect(body.assignment).toEqual({
      title: assignment.assignmentTitle,
      content: assignment.assignmentText,
      subject: 'science',
      gradeLevel: 'middle',
      estimatedTime: '3 class periods',
    });
    expect(body.readFromFile).toBeNull();
  });

  it('gives the spec message when the answer is malformed or does not fit the schema (after one retry)', async () => {
    fake.enqueue(
      { kind: 'text', content: 'Here are some ideas: {not json' },
      { kind: 'text', content: 'Still not JSON' },
    );
    const malformed = await post(harness, '/api/literacy/integrations', assignment);
    expect(malformed.statusCode).toBe(502);
    expect(malformed.json().error).toMatchObject({ code: 'AI_FAILED', message: INTEGRATION_FAILED_MESSAGE });
    expect(fake.requests).toHaveLength(2);

    const missingPhases = { ...modelAnswer, suggestions: modelAnswer.suggestions.slice(0, 3) };
    fake.enqueue({ kind: 'json', value: missingPhases }, { kind: 'json', value: missingPhases });
    const unfit = await post(harness, '/api/literacy/integrations', assignment);
    expect(unfit.statusCode).toBe(502);
    expect(unfit.json().error.message).toBe(INTEGRATION_FAILED_MESSAGE);

    const emptyActivities = {
      ...modelAnswer,
      suggestions: modelAnswer.suggestions.map((item) => ({ ...item, activities: [] })),
    };
    fake.enqueue({ kind: 'json', value: emptyActivities }, { kind: 'json', value: emptyActivities });
    expect((await post(harness, '/api/literacy/integrations', assignment)).json().error.message).toBe(
      INTEGRATION_FAILED_MESSAGE,
    );
  });

  it('revises the assignment with the selected suggestions and returns the text', async () => {
    fake.enqueue({
      kind: 'json',
      value: { revisedAssignment: '  The Water Cycle Lab Report (with AI literacy)\n\nDiscovery: ...  ' },
    });
    const response = await post(harness, '/api/literacy/revisions', {
      originalAssignment: assignment.assignmentText,
      selectedSuggestions: [suggestion('Discovery'), suggestion('Verification')],
      assignmentTitle: assignment.assignmentTitle,
      subject: 'science',
      gradeLevel: 'middle',
      estimatedTime: '3 class periods',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      revisedAssignment: 'The Water Cycle Lab Report (with AI literacy)\n\nDiscovery: ...',
      engine: 'openai-compatible',
    });
    const prompt = fake.promptText();
    expect(prompt).toContain('Record the temperature every hour.');
    expect(prompt).toContain('Discovery: Discovery with the water cycle');
    expect(prompt).toContain('Verification: Verification with the water cycle');
    expect(prompt).not.toContain('Reflection with the water cycle');
  });

  it('gives the spec message when the revision answer is malformed', async () => {
    fake.enqueue({ kind: 'text', content: 'no' }, { kind: 'json', value: { revisedAssignment: '   ' } });
    const response = await post(harness, '/api/literacy/revisions', {
      originalAssignment: assignment.assignmentText,
      selectedSuggestions: [suggestion('Reflection')],
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({
      code: 'AI_FAILED',
      message: 'Failed to generate revised assignment. Please try again.',
    });
  });

  it('sends the text read from an uploaded file as the content', async () => {
    fake.enqueue({ kind: 'json', value: modelAnswer });
    const docx = await makeDocx([
      'Photosynthesis poster project.',
      'Explain how chloroplasts turn sunlight into glucose.',
    ]);
    const response = await upload(harness, formFields({ assignmentText: '' }), {
      name: 'poster.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: docx,
    });
    expect(response.statusCode).toBe(200);
    expect(fake.promptText()).toContain('Explain how chloroplasts turn sunlight into glucose.');
    expect(response.json().readFromFile).toEqual({ filename: 'poster.docx', characters: expect.any(Number) });
    expect(response.json().assignment.content).toContain('Photosynthesis poster project.');
  });
});

describe('assignment integration with the offline engine', () => {
  const harness = buildTestApp();

  it('makes five checked suggestions that use the assignment’s own terms', async () => {
    const response = await post(harness, '/api/literacy/integrations', assignment);
    expect(response.statusCode).toBe(200);
    const body = integrationToolResponseSchema.parse(response.json());
    expect(body.result.engine).toBe('offline');
    expect(integrationResultSchema.safeParse(body.result).success).toBe(true);
    expect(body.result.suggestions.map((item) => item.phase)).toEqual([...diverPhases]);
    const everything = JSON.stringify(body.result).toLowerCase();
    expect(everything).toContain('evaporation');
    expect(everything).toContain('lab report');
    expect(everything).toContain('condensation');
  });

  it('revises with the offline engine, keeping the original text', async () => {
    const { result } = integrationToolResponseSchema.parse(
      (await post(harness, '/api/literacy/integrations', assignment)).json(),
    );
    const response = await post(harness, '/api/literacy/revisions', {
      originalAssignment: assignment.assignmentText,
      selectedSuggestions: result.suggestions.filter(
        (item) => item.phase === 'Verification' || item.phase === 'Reflection',
      ),
      assignmentTitle: assignment.assignmentTitle,
      subject: 'science',
      gradeLevel: 'middle',
      estimatedTime: '3 class periods',
    });
    expect(response.statusCode).toBe(200);
    const { revisedAssignment, engine } = response.json<{ revisedAssignment: string; engine: string }>();
    expect(engine).toBe('offline');
    expect(revisedAssignment).toContain(assignment.assignmentText);
    expect(revisedAssignment).toContain('Verification');
    expect(revisedAssignment).not.toContain('(Discovery)');
  });

  it('reads .txt, .docx and .pdf files when the content box is empty', async () => {
    const files = [
      {
        name: 'volcanoes.txt',
        type: 'text/plain',
        bytes: 'Research the eruption of Mount Vesuvius and write an essay about Pompeii.',
      },
      {
        name: 'volcanoes.docx',
        type: '',
        bytes: await makeDocx(['Research the eruption of Mount Vesuvius.', 'Write an essay about Pompeii.']),
      },
      {
        name: 'volcanoes.pdf',
        type: 'application/pdf',
        bytes: await makePdf(['Research the eruption of Mount Vesuvius.', 'Write an essay about Pompeii.']),
      },
    ];
    for (const file of files) {
      const response = await upload(harness, { assignmentTitle: 'Volcanoes', assignmentText: '   ' }, file);
      expect(response.statusCode, file.name).toBe(200);
      const body = integrationToolResponseSchema.parse(response.json());
      expect(body.readFromFile?.filename).toBe(file.name);
      expect(body.assignment.content).toContain('Mount Vesuvius');
      expect(JSON.stringify(body.result)).toMatch(/Vesuvius|Pompeii/);
    }
  });

  it('uses the typed content when both are given, and does not read the file', async () => {
    const response = await upload(harness, formFields(), {
      name: 'broken.pdf',
      type: 'application/pdf',
      bytes: 'not a pdf at all',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().readFromFile).toBeNull();
    expect(response.json().assignment.content).toBe(assignment.assignmentText);
  });

  it('refuses files it cannot use with a message that says what to do', async () => {
    const cases: [UploadFile, RegExp][] = [
      [
        { name: 'old.doc', type: 'application/msword', bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) },
        /old\.doc is a Word 97-2003 \.doc file.*Save it as \.docx or PDF/,
      ],
      [{ name: 'slides.pptx', bytes: 'PK' }, /slides\.pptx cannot be read\. Upload a \.txt, \.docx or \.pdf file/],
      [{ name: 'damaged.pdf', bytes: 'hello' }, /damaged\.pdf is not a valid PDF.*Paste the assignment text/],
      [{ name: 'empty.txt', bytes: '' }, /empty\.txt is empty/],
      [{ name: 'blank.txt', bytes: '   \n  ' }, /No text was found in blank\.txt/],
      [
        { name: 'renamed.txt', type: 'text/plain', bytes: await makePdf(['Not text at all']) },
        /renamed\.txt is not a text file; it may be damaged or renamed\. Paste/,
      ],
    ];
    for (const [file, message] of cases) {
      const response = await upload(harness, { assignmentTitle: 'T', assignmentText: '' }, file);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json().error.message, file.name).toMatch(message);
      expect(response.json().error.field, file.name).toBe('file');
    }
  });

  it('reads a .txt as text even when the browser claims it is HTML', async () => {
    const response = await upload(
      harness,
      { assignmentTitle: 'Markup' },
      { name: 'assignment.txt', type: 'text/html', bytes: '<p>Write about <b>rivers</b>.</p>' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().assignment.content).toBe('<p>Write about <b>rivers</b>.</p>');
  });

  it('takes a file of up to 5 MB as a multipart upload, stops reading past the tool’s limit, and refuses a larger file clearly', async () => {
    // 4.5 MB of text: uploaded whole, read only as far as the tool's 20,000 characters.
    const large = 'Write about rivers. '.repeat(Math.floor((4.5 * 1024 * 1024) / 20));
    const accepted = await upload(
      harness,
      { assignmentTitle: 'Rivers' },
      { name: 'rivers.txt', type: 'text/plain', bytes: large },
    );
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().error.message).toBe(
      'rivers.txt holds more than 20,000 characters of text; the tool takes at most 20,000. Paste the part of the assignment you want to work on into the content box.',
    );

    const tooLarge = new Uint8Array(MAX_UPLOAD_BYTES + 10).fill(65);
    const refused = await upload(
      harness,
      { assignmentTitle: 'Rivers' },
      { name: 'rivers.txt', type: 'text/plain', bytes: tooLarge },
    );
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: FILE_TOO_LARGE_MESSAGE,
      field: 'file',
    });

    // Without a file the request is small JSON: no more than the fields need.
    const json = await post(harness, '/api/literacy/integrations', {
      ...assignment,
      assignmentText: 'x'.repeat(INTEGRATION_JSON_BODY_LIMIT_BYTES),
    });
    expect(json.statusCode).toBe(413);
    // Other literacy routes keep the app's 1 MB limit.
    const revision = await post(harness, '/api/literacy/revisions', {
      originalAssignment: 'x'.repeat(1_100_000),
      selectedSuggestions: [suggestion('Discovery')],
    });
    expect(revision.statusCode).toBe(413);
    expect(revision.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('checks the upload’s fields with the same rules, and takes one file named file', async () => {
    const unknown = await upload(harness, formFields({ secret: '1' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'VALIDATION',
      field: 'secret',
      message: 'Unknown field: secret',
    });

    const longTitle = await upload(harness, formFields({ assignmentTitle: 'x'.repeat(201) }), {
      name: 'a.txt',
      bytes: 'Essay',
    });
    expect(longTitle.json().error).toMatchObject({
      field: 'assignmentTitle',
      message: 'The title can be at most 200 characters',
    });

    const noTitle = await upload(harness, { assignmentTitle: ' ' }, { name: 'a.txt', bytes: 'Essay' });
    expect(noTitle.json().error).toMatchObject({ field: 'assignmentTitle', message: BOTH_REQUIRED_MESSAGE });

    const noContent = await upload(harness, { assignmentTitle: 'Essay', assignmentText: ' ' });
    expect(noContent.json().error).toMatchObject({ field: 'assignmentText', message: BOTH_REQUIRED_MESSAGE });

    const form = new FormData();
    form.append('assignmentTitle', 'Two files');
    form.append('file', new Blob(['one']), 'one.txt');
    form.append('file', new Blob(['two']), 'two.txt');
    const twoFiles = await harness.app.inject({
      method: 'POST',
      url: '/api/literacy/integrations',
      payload: form,
      remoteAddress: nextAddress(),
    });
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().error).toMatchObject({ field: 'file', message: 'Upload one file at a time.' });

    const elsewhere = new FormData();
    elsewhere.append('assignmentTitle', 'Misnamed');
    elsewhere.append('attachment', new Blob(['text']), 'a.txt');
    const misnamed = await harness.app.inject({
      method: 'POST',
      url: '/api/literacy/integrations',
      payload: elsewhere,
      remoteAddress: nextAddress(),
    });
    expect(misnamed.json().error).toMatchObject({
      code: 'VALIDATION',
      field: 'attachment',
      message: 'Unknown field: attachment',
    });

    // The file no longer travels inside JSON.
    const inJson = await post(harness, '/api/literacy/integrations', {
      ...assignment,
      file: { name: 'a.txt', contentBase64: 'SGk=' },
    });
    expect(inJson.json().error).toMatchObject({ code: 'VALIDATION', field: 'file', message: 'Unknown field: file' });
  });

  it('checks the input with clear messages and calls no engine for bad input', async () => {
    const cases: [string, unknown, string, string][] = [
      [
        '/api/literacy/integrations',
        { ...assignment, assignmentTitle: '  ' },
        'assignmentTitle',
        BOTH_REQUIRED_MESSAGE,
      ],
      ['/api/literacy/integrations', { ...assignment, assignmentText: '' }, 'assignmentText', BOTH_REQUIRED_MESSAGE],
      [
        '/api/literacy/integrations',
        { ...assignment, assignmentText: 'x'.repeat(20_001) },
        'assignmentText',
        'The assignment can be at most 20,000 characters',
      ],
      [
        '/api/literacy/integrations',
        { ...assignment, subject: 'astrology' },
        'subject',
        expect.any(String) as unknown as string,
      ],
      ['/api/literacy/integrations', { ...assignment, secret: 1 }, 'secret', 'Unknown field: secret'],
      [
        '/api/literacy/revisions',
        { originalAssignment: 'Essay', selectedSuggestions: [] },
        'selectedSuggestions',
        'Please select at least one suggestion to integrate.',
      ],
      [
        '/api/literacy/revisions',
        { originalAssignment: '', selectedSuggestions: [suggestion('Discovery')] },
        'originalAssignment',
        'The original assignment is required',
      ],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await post(harness, url, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error, field).toMatchObject({ code: 'VALIDATION', field, message });
    }
  });

  it('rate limits generation per client address, with a clear message and a retry time', async () => {
    const address = '203.0.113.77';
    const { limit } = LITERACY_RATE_LIMITS.integration;
    const short = { assignmentTitle: 'Poems', assignmentText: 'Write a poem about autumn leaves.' };
    for (let sent = 0; sent < limit; sent += 1) {
      expect((await post(harness, '/api/literacy/integrations', short, address)).statusCode).toBe(200);
    }
    const refused = await post(harness, '/api/literacy/integrations', short, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'You have asked for many sets of suggestions in a short time. Please wait 60 minutes and try again.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address, and the revision endpoint, keep their own counts.
    expect((await post(harness, '/api/literacy/integrations', short, '203.0.113.78')).statusCode).toBe(200);
    const revision = await post(
      harness,
      '/api/literacy/revisions',
      { originalAssignment: 'Write a poem.', selectedSuggestions: [suggestion('Reflection')] },
      address,
    );
    expect(revision.statusCode).toBe(200);
  });
});

describe('newsletter and webinar sign-ups', () => {
  const harness = buildTestApp({ env: { SUPPORT_EMAIL: 'help@margin.test', PUBLIC_URL: 'https://margin.example' } });

  const rowsFor = (email: string) =>
    queryRows<{ list: string; source: string | null }>(
      harness.database.db,
      sql`select list, source from mailing_list_signups where email = ${email} order by list`,
    );
  const mailsTo = (email: string) =>
    queryRows<{ subject: string; text_body: string; status: string }>(
      harness.database.db,
      sql`select subject, text_body, status from mail_outbox where to_address = ${email} order by created_at`,
    );

  it('stores one row per address and list; signing up twice is fine and mails only once', async () => {
    const first = await post(harness, '/api/literacy/signups', {
      email: 'Ada@School.test',
      list: 'newsletter',
      source: 'resource-center',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ received: true });
    const second = await post(harness, '/api/literacy/signups', {
      email: ' ada@school.test ',
      list: 'newsletter',
      source: 'community',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ received: true });

    expect(await rowsFor('ada@school.test')).toEqual([{ list: 'ai-literacy-newsletter', source: 'resource-center' }]);
    const mails = await mailsTo('ada@school.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: "You're subscribed to the Margin AI Literacy Newsletter",
      status: 'kept',
    });
    expect(mails[0]!.text_body).toContain('https://margin.example/ai-pedagogy');
    expect(mails[0]!.text_body).toContain('help@margin.test');
  });

  it('registers for the webinar as its own list, with its own confirmation kept in the outbox', async () => {
    await post(harness, '/api/literacy/signups', { email: 'grace@school.test', list: 'newsletter' });
    const response = await post(harness, '/api/literacy/signups', {
      email: 'grace@school.test',
      list: 'webinar',
      source: 'community',
    });
    expect(response.statusCode).toBe(201);
    expect(await rowsFor('grace@school.test')).toEqual([
      { list: 'ai-literacy-newsletter', source: null },
      { list: 'webinar:building-ai-literacy', source: 'community' },
    ]);
    const mails = await mailsTo('grace@school.test');
    expect(mails.map((mail) => mail.subject)).toEqual([
      "You're subscribed to the Margin AI Literacy Newsletter",
      "You're registered: Building AI Literacy: A Practical Approach",
    ]);
    expect(mails[1]!.text_body).toContain('We will write to this address with the date, the time and the joining link');
  });

  it('refuses an invalid address or list with a message naming the field, and stores nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ email: 'not-an-address', list: 'newsletter' }, 'email', 'Please enter a valid email address'],
      [{ email: '', list: 'newsletter' }, 'email', 'Please enter a valid email address'],
      [{ email: 'a@b.co', list: 'everything' }, 'list', 'Choose the newsletter or the webinar'],
      [{ email: 'a@b.co', list: 'newsletter', admin: true }, 'admin', 'Unknown field: admin'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(harness, '/api/literacy/signups', payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', field, message });
    }
    expect(await rowsFor('a@b.co')).toEqual([]);
  });

  it('rate limits sign-ups per client address', async () => {
    const address = '203.0.113.90';
    for (let sent = 0; sent < LITERACY_RATE_LIMITS.signup.limit; sent += 1) {
      const response = await post(
        harness,
        '/api/literacy/signups',
        { email: `reader${sent}@school.test`, list: 'newsletter' },
        address,
      );
      expect(response.statusCode).toBe(201);
    }
    const refused = await post(
      harness,
      '/api/literacy/signups',
      { email: 'one-more@school.test', list: 'newsletter' },
      address,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'You have signed up several times in a short time. Please wait 60 minutes and try again.',
    );
    expect(await rowsFor('one-more@school.test')).toEqual([]);
  });
});
