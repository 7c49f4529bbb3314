import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocumentText, MAX_DOCUMENT_BYTES } from './extract-text';

const encoder = new TextEncoder();

async function makeDocx(paragraphs: string[]): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

async function makePdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 700 - index * 20, size: 12, font }));
  return pdf.save();
}

describe('extractDocumentText', () => {
  it('reads a .docx made with the docx package', async () => {
    const bytes = await makeDocx(['My essay on photosynthesis.', 'Plants turn light into sugar.']);
    const result = await extractDocumentText({ bytes, filename: 'Essay.DOCX', contentType: 'application/octet-stream' });
    expect(result).toEqual({ status: 'read', text: 'My essay on photosynthesis.\n\nPlants turn light into sugar.' });
  });

  it('reads a .pdf made with pdf-lib', async () => {
    const bytes = await makePdf(['The water cycle', 'Evaporation comes first.', 'Then condensation.']);
    const result = await extractDocumentText({ bytes, filename: 'cycle.pdf', contentType: 'application/pdf' });
    expect(result.status).toBe('read');
    if (result.status === 'read') {
      expect(result.text).toContain('The water cycle');
      expect(result.text).toContain('Evaporation comes first.');
      expect(result.text).toContain('Then condensation.');
    }
  });

  it('reads text files as UTF-8 without the BOM, and UTF-16 with its BOM', async () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('Café notes\r\nline two')]);
    expect(await extractDocumentText({ bytes: utf8, filename: 'notes.txt' })).toEqual({ status: 'read', text: 'Café notes\nline two' });
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from('Olá', 'utf16le'))]);
    expect(await extractDocumentText({ bytes: utf16, filename: 'x.txt' })).toEqual({ status: 'read', text: 'Olá' });
    expect(await extractDocumentText({ bytes: encoder.encode('# Title'), filename: 'readme', contentType: 'text/markdown' })).toEqual({
      status: 'read',
      text: '# Title',
    });
  });

  it('reads HTML as text', async () => {
    const bytes = encoder.encode('<html><head><title>t</title></head><body><p>One &amp; two</p><p>Three</p></body></html>');
    expect(await extractDocumentText({ bytes, filename: 'page.html' })).toEqual({ status: 'read', text: 'One & two\n\nThree' });
  });

  it('says a .doc or an unknown type cannot be read, with a reason', async () => {
    const doc = await extractDocumentText({ bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), filename: 'old.doc', contentType: 'application/msword' });
    expect(doc).toEqual({ status: 'unsupported', reason: "Word 97-2003 .doc files can't be read; save as .docx" });
    const image = await extractDocumentText({ bytes: new Uint8Array([0x89, 0x50]), filename: 'photo.png', contentType: 'image/png' });
    expect(image).toMatchObject({ status: 'unsupported', reason: expect.stringContaining('.png files') });
    const pages = await extractDocumentText({ bytes: new Uint8Array([1]), filename: 'essay.pages' });
    expect(pages).toMatchObject({ status: 'unsupported', reason: expect.stringContaining('Pages') });
  });

  it('fails, without throwing, on a corrupt .docx or .pdf', async () => {
    const docx = await makeDocx(['Hello']);
    const truncated = docx.slice(0, Math.floor(docx.length / 2));
    const broken = await extractDocumentText({ bytes: truncated, filename: 'broken.docx' });
    expect(broken).toMatchObject({ status: 'failed', reason: expect.stringContaining('broken.docx could not be read') });
    const notZip = await extractDocumentText({ bytes: encoder.encode('just text'), filename: 'fake.docx' });
    expect(notZip).toMatchObject({ status: 'failed', reason: expect.stringContaining('not a valid .docx') });
    const pdf = await extractDocumentText({ bytes: encoder.encode('%PDF-1.7 garbage garbage'), filename: 'broken.pdf' });
    expect(pdf.status).toBe('failed');
  });

  it('fails on a file over the size cap without reading it', async () => {
    const result = await extractDocumentText({ bytes: new Uint8Array(MAX_DOCUMENT_BYTES + 1), filename: 'huge.txt' });
    expect(result).toEqual({ status: 'failed', reason: 'huge.txt is larger than 10 MB and was not read.' });
  });

  it('fails on a PDF without text (a scan)', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const result = await extractDocumentText({ bytes: await pdf.save(), filename: 'scan.pdf' });
    expect(result).toMatchObject({ status: 'failed', reason: expect.stringContaining('no selectable text') });
  });
});
