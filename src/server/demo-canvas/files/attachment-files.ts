import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DemoAttachment } from '../model';
import type { DemoCanvasState } from '../state';

export const CONTENT_TYPES = {
  txt: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/**
 * The bytes of an uploaded file, generated from the student's essay on first use and kept.
 * Done lazily because .docx and .pdf generation is asynchronous and most files are never opened.
 */
export async function attachmentBytes(state: DemoCanvasState, attachment: DemoAttachment): Promise<Uint8Array> {
  const cached = state.attachmentBytes.get(attachment.id);
  if (cached) return cached;
  const bytes = await renderFile(attachment);
  state.attachmentBytes.set(attachment.id, bytes);
  return bytes;
}

/** Makes sure every attachment of these submissions has bytes, so the JSON can carry real sizes. */
export async function prepareAttachments(state: DemoCanvasState, attachmentIds: readonly number[]): Promise<void> {
  await Promise.all(
    attachmentIds
      .map((id) => state.attachments.get(id))
      .filter((a) => a !== undefined)
      .map((a) => attachmentBytes(state, a)),
  );
}

async function renderFile(attachment: DemoAttachment): Promise<Uint8Array> {
  const paragraphs = attachment.text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  switch (attachment.contentType) {
    case CONTENT_TYPES.docx:
      return renderDocx(attachment.title, paragraphs, attachment.hiddenText);
    case CONTENT_TYPES.pdf:
      return renderPdf(attachment.title, paragraphs);
    default:
      return new TextEncoder().encode(`${attachment.title}\n\n${paragraphs.join('\n\n')}\n`);
  }
}

async function renderDocx(title: string, paragraphs: string[], hiddenText?: string): Promise<Uint8Array> {
  const document = new Document({
    creator: 'Demo student',
    title,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(title)] }),
          ...paragraphs.map(
            (text, index) =>
              new Paragraph({
                spacing: { after: 200 },
                children: [
                  new TextRun(text),
                  // Planted steering: a run Word does not show, at the end of the first paragraph.
                  ...(hiddenText && index === 0 ? [new TextRun({ text: ` ${hiddenText}`, vanish: true })] : []),
                ],
              }),
          ),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

const PAGE = { width: 612, height: 792, margin: 72 };

async function renderPdf(title: string, paragraphs: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Demo student');
  // A fixed date keeps the file identical between runs.
  pdf.setCreationDate(new Date(Date.UTC(2025, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2025, 0, 1)));
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const width = PAGE.width - PAGE.margin * 2;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (line: string, size: number, lineFont = font) => {
    if (y < PAGE.margin + size) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    page.drawText(line, { x: PAGE.margin, y, size, font: lineFont });
    y -= size * 1.5;
  };
  write(title, 16, bold);
  y -= 8;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, (text) => font.widthOfTextAtSize(text, 12), width)) write(line, 12);
    y -= 8;
  }
  return pdf.save();
}

function wrap(text: string, measure: (text: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}
