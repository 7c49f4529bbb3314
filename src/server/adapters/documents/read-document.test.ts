import mammoth from 'mammoth';
import { Document, ExternalHyperlink, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import {
  docxFromBody,
  docxHugeRun,
  docxParagraphBomb,
  docxWithManyParts,
  pdfFlateBomb,
  pdfManyPages,
} from '@/server/test/make-hostile-files';
import { DOCUMENT_LIMITS } from './document-limits';
import { decodeTextPrefix, readDocument } from './read-document';
import type { ReadOutcome, ReadTask } from './read-result';
import { tidyText } from './tidy-text';

/** The readers as a worker runs them, called directly: no thread, no time budget. */
const read = (task: Omit<ReadTask, 'maxCharacters'> & { maxCharacters?: number }) =>
  readDocument({ maxCharacters: DOCUMENT_LIMITS.maxCharacters, ...task });

function textOf(outcome: ReadOutcome): string {
  if (!outcome.ok) throw new Error(`not read: ${outcome.problem} ${outcome.detail ?? ''}`);
  return outcome.text;
}

describe('reading a .docx as a stream', () => {
  it('gives the same text as mammoth for paragraphs, runs, tabs, tables and links', async () => {
    const document = new Document({
      sections: [
        {
          children: [
            new Paragraph({
              children: [
                new TextRun('Lab report: '),
                new TextRun({ text: 'evaporation', bold: true }),
                new TextRun('\tand condensation'),
              ],
            }),
            new Paragraph({
              children: [
                new ExternalHyperlink({ link: 'https://example.com', children: [new TextRun('a source')] }),
                new TextRun(' & more'),
              ],
            }),
            new Table({
              rows: [
                new TableRow({
                  children: [
                    new TableCell({ children: [new Paragraph('Jar A')] }),
                    new TableCell({ children: [new Paragraph('21 °C')] }),
                  ],
                }),
              ],
            }),
            new Paragraph('The end.'),
          ],
        },
      ],
    });
    const bytes = new Uint8Array(await Packer.toBuffer(document));
    const expected = tidyText((await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value);
    expect(textOf(await read({ bytes, kind: 'docx' }))).toBe(expected);
    expect(expected).toContain('Lab report: evaporation\tand condensation');
  });

  it('leaves out deleted and moved-away text, reads the fallback of alternative content, and keeps line breaks', async () => {
    const body = [
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Kept</w:t></w:r>',
      '<w:del><w:r><w:delText>deleted</w:delText></w:r></w:del><w:ins><w:r><w:t xml:space="preserve"> inserted</w:t></w:r></w:ins></w:p>',
      '<w:p><w:moveFrom><w:r><w:t>moved away</w:t></w:r></w:moveFrom><w:r><w:t>Line one</w:t><w:br/><w:t>line two &amp; more</w:t></w:r></w:p>',
      '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:t>modern copy</w:t></mc:Choice><mc:Fallback><w:t>Text box</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>',
      '<w:p><w:r><w:instrText>HYPERLINK "x"</w:instrText><w:t>Field result</w:t></w:r></w:p>',
    ].join('');
    const bytes = docxFromBody(
      body.replace('<w:p>', '<w:p xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'),
    );
    expect(textOf(await read({ bytes, kind: 'docx' }))).toBe(
      'Kept inserted\n\nLine one\nline two & more\n\nText box\n\nField result',
    );
  });

  it('finds the main document through the package relationships', async () => {
    const bytes = docxFromBody('<w:p><w:r><w:t>Found</w:t></w:r></w:p>');
    expect(textOf(await read({ bytes, kind: 'docx' }))).toBe('Found');
  });

  it('refuses an archive with more parts, or a larger unpacked size, than any document has, before unpacking', async () => {
    const manyParts = await read({ bytes: docxWithManyParts(DOCUMENT_LIMITS.maxZipEntries + 1), kind: 'docx' });
    expect(manyParts).toMatchObject({ ok: false, problem: 'too-many-parts', count: DOCUMENT_LIMITS.maxZipEntries + 4 });
    // 62 KB on the wire; sixteen directory entries point at one 20 MB part: 320 MB claimed.
    const bomb = docxParagraphBomb();
    expect(bomb.byteLength).toBeLessThan(70 * 1024);
    expect(await read({ bytes: bomb, kind: 'docx' })).toMatchObject({ ok: false, problem: 'too-large-unpacked' });
  });

  it('stops inflating at the text limit, whatever the document holds', async () => {
    // 20 MB of one-letter paragraphs (62 KB): only the first few hundred KB are ever inflated.
    const outcome = await read({ bytes: docxParagraphBomb({ aliases: 0 }), kind: 'docx', maxCharacters: 20_000 });
    expect(outcome).toMatchObject({ ok: true, cut: { by: 'characters', limit: 20_000 } });
    expect(textOf(outcome).length).toBeLessThanOrEqual(20_000);
    expect(textOf(outcome).startsWith('a\n\na\n\na')).toBe(true);
  });

  it('notices a part that inflates to more than it declared', async () => {
    const lying = await docxHugeRun({ megabytes: 4, declaredMegabytes: 1 });
    expect(await read({ bytes: lying, kind: 'docx', maxCharacters: 10_000_000 })).toMatchObject({
      ok: false,
      problem: 'damaged',
    });
  });

  it('says a zip without a Word document is not a .docx, and a broken zip is damaged', async () => {
    const noDocument = docxWithManyParts(0).slice();
    // Rename word/document.xml in both headers (same length), so the package has no main document.
    const renamed = Buffer.from(noDocument).toString('latin1').replaceAll('word/document.xml', 'word/documen_.xml');
    expect(await read({ bytes: new Uint8Array(Buffer.from(renamed, 'latin1')), kind: 'docx' })).toMatchObject({
      ok: false,
      problem: 'not-docx',
    });
    expect(await read({ bytes: noDocument.slice(0, 100), kind: 'docx' })).toMatchObject({
      ok: false,
      problem: 'damaged',
    });
  });
});

describe('reading a PDF page by page', () => {
  it('reads at most the page limit and says where it stopped', async () => {
    const outcome = await read({ bytes: pdfManyPages(12), kind: 'pdf', maxPdfPages: 10 });
    expect(outcome).toMatchObject({ ok: true, cut: { by: 'pages', limit: 10 } });
    expect(textOf(outcome)).toContain('Page 10 of the water cycle.');
    expect(textOf(outcome)).not.toContain('Page 11 ');
    const whole = await read({ bytes: pdfManyPages(3), kind: 'pdf' });
    expect(whole).toMatchObject({ ok: true, cut: null });
    expect(textOf(whole).split('\n')).toEqual([
      'Page 1 of the water cycle.',
      'Page 2 of the water cycle.',
      'Page 3 of the water cycle.',
    ]);
  });

  it('stops in the middle of a page whose content stream inflates to 20 MB', async () => {
    const outcome = await read({ bytes: pdfFlateBomb(20), kind: 'pdf', maxCharacters: 5_000 });
    expect(outcome).toMatchObject({ ok: true, cut: { by: 'characters', limit: 5_000 } });
    expect(textOf(outcome).length).toBeLessThanOrEqual(5_000);
    expect(textOf(outcome)).toContain('All work and no play makes Jack a dull boy.');
  });

  it('reports a damaged PDF', async () => {
    expect(await read({ bytes: new TextEncoder().encode('%PDF-1.7 garbage garbage'), kind: 'pdf' })).toMatchObject({
      ok: false,
      problem: 'damaged',
    });
  });
});

describe('reading text and HTML', () => {
  it('decodes only what the text limit needs, and says the text was cut', () => {
    const bytes = new TextEncoder().encode('é'.repeat(50_000));
    expect(decodeTextPrefix(bytes, 1_000)).toEqual({ text: 'é'.repeat(1_000), isCut: true });
    expect(decodeTextPrefix(bytes, 50_000)).toEqual({ text: 'é'.repeat(50_000), isCut: false });
  });

  it('tidies text and HTML in one pass over long runs of spaces', async () => {
    const spaces = ' '.repeat(150_000);
    const text = await read({
      bytes: new TextEncoder().encode(`a${spaces}b   \r\n\r\n\r\n\r\nc`),
      kind: 'text',
      maxCharacters: 200_000,
    });
    expect(textOf(text)).toBe(`a${spaces}b\n\nc`);
    const html = await read({
      bytes: new TextEncoder().encode(`<p>one</p><pre>x${spaces}y</pre>`),
      kind: 'html',
      maxCharacters: 200_000,
    });
    expect(textOf(html)).toBe(`one\n\nx${spaces}y`);
  });
});
