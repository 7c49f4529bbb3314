import { constants, crc32, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Hostile documents, generated when a test runs (never committed): decompression bombs, page-count
 * bombs and pathological HTML. Each one is small on the wire and costly to read naively.
 */

type ZipEntry = {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
  /** Declared uncompressed size, when it should lie. */ declaredSize?: number;
};

/**
 * A zip archive of deflated entries. `aliases` are extra central-directory names that point at the
 * local data of an existing entry (the overlapping-file technique): each one adds its full
 * uncompressed size to what the archive claims to hold, without adding bytes to the file.
 */
export function zipArchive(entries: ZipEntry[], aliases: { name: string; of: string }[] = []): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets = new Map<string, number>();
  let offset = 0;
  const centralRecord = (entry: ZipEntry, name: string, localOffset: number) => {
    const nameBytes = Buffer.from(name, 'utf8');
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt16LE(0, 12);
    record.writeUInt16LE(0x21, 14);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(entry.deflated.length, 20);
    record.writeUInt32LE(entry.declaredSize ?? entry.size, 24);
    record.writeUInt16LE(nameBytes.length, 28);
    record.writeUInt32LE(localOffset, 42);
    return Buffer.concat([record, nameBytes]);
  };
  for (const entry of entries) {
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(0x21, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.deflated.length, 18);
    header.writeUInt32LE(entry.declaredSize ?? entry.size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    offsets.set(entry.name, offset);
    central.push(centralRecord(entry, entry.name, offset));
    locals.push(header, nameBytes, entry.deflated);
    offset += header.length + nameBytes.length + entry.deflated.length;
  }
  for (const alias of aliases) {
    const target = entries.find((entry) => entry.name === alias.of);
    if (!target) throw new Error(`no entry ${alias.of} to alias`);
    central.push(centralRecord(target, alias.name, offsets.get(alias.of)!));
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

function deflatedEntry(name: string, content: string | Buffer): ZipEntry {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, deflated: deflateRawSync(data, { level: 9 }), crc: crc32(data), size: data.length };
}

const WORD_NAMESPACE = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const DOCUMENT_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${WORD_NAMESPACE}"><w:body>`;
const DOCUMENT_END = '</w:body></w:document>';

/** The two parts every .docx needs besides its document, so Word (and mammoth) open it. */
function docxPackageParts(): ZipEntry[] {
  return [
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    deflatedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
  ];
}

/** A .docx from document.xml body content (the paragraphs), deflated in memory. */
export function docxFromBody(body: string): Uint8Array {
  return zipArchive([
    ...docxPackageParts(),
    deflatedEntry('word/document.xml', `${DOCUMENT_START}${body}${DOCUMENT_END}`),
  ]);
}

/**
 * About 62 KB: 20 MB of one-letter paragraphs in word/document.xml, which fifteen more directory
 * entries point at again, so the archive claims 320 MB once unpacked.
 */
export function docxParagraphBomb(options: { documentMegabytes?: number; aliases?: number } = {}): Uint8Array {
  const paragraph = '<w:p><w:r><w:t>a</w:t></w:r></w:p>';
  const count = Math.floor(((options.documentMegabytes ?? 20) * 1024 * 1024) / paragraph.length);
  const document = deflatedEntry('word/document.xml', `${DOCUMENT_START}${paragraph.repeat(count)}${DOCUMENT_END}`);
  const aliases = Array.from({ length: options.aliases ?? 15 }, (_, index) => ({
    name: `word/media/part${index + 1}.xml`,
    of: document.name,
  }));
  return zipArchive([...docxPackageParts(), document], aliases);
}

/**
 * A .docx whose single text run holds `megabytes` MB of one letter (about 1 KB per MB on the wire).
 * With `declaredMegabytes`, the archive lies about the unpacked size of the document.
 */
export async function docxHugeRun(options: { megabytes: number; declaredMegabytes?: number }): Promise<Uint8Array> {
  const head = Buffer.from(`${DOCUMENT_START}<w:p><w:r><w:t>`, 'utf8');
  const tail = Buffer.from(`</w:t></w:r></w:p>${DOCUMENT_END}`, 'utf8');
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  let crc = crc32(head);
  deflate.write(head);
  for (let written = 0; written < options.megabytes; written += 1) {
    crc = crc32(chunk, crc);
    // Wait for the deflater to take each megabyte, so the whole text is never held at once.
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  crc = crc32(tail, crc);
  await new Promise<void>((resolve) => deflate.end(tail, resolve));
  const size = head.length + tail.length + options.megabytes * chunk.length;
  const document: ZipEntry = {
    name: 'word/document.xml',
    deflated: Buffer.concat(parts),
    crc,
    size,
    ...(options.declaredMegabytes === undefined ? {} : { declaredSize: options.declaredMegabytes * 1024 * 1024 }),
  };
  return zipArchive([...docxPackageParts(), document]);
}

/** A PDF from its objects (numbered from 1; object 1 is the catalog), with a correct xref table. */
function pdfFile(objects: (string | Buffer)[]): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const body = typeof object === 'string' ? Buffer.from(object, 'latin1') : object;
    const framed = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(framed);
    length += framed.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
  ].join('');
  chunks.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(chunks));
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/** An ordinary-looking PDF of `pages` pages, one line of text on each (20,000 pages: about 4.3 MB). */
export function pdfManyPages(pages: number): Uint8Array {
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  // Media box and fonts are inherited from the page tree, as many writers do.
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] >>`,
    FONT,
  ];
  for (let page = 0; page < pages; page += 1) {
    objects.push(`<< /Type /Page /Parent 2 0 R /Contents ${pageIds[page]! + 1} 0 R >>`);
    objects.push(
      stream('', Buffer.from(`BT /F1 12 Tf 72 720 Td (Page ${page + 1} of the water cycle.) Tj ET`, 'latin1')),
    );
  }
  return pdfFile(objects);
}

/** A one-page PDF whose content stream (FlateDecode) inflates to `megabytes` MB of text-showing operators. */
export function pdfFlateBomb(megabytes: number): Uint8Array {
  const line = 'BT /F1 12 Tf 72 720 Td (All work and no play makes Jack a dull boy.) Tj ET\n';
  const content = Buffer.from(line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length)), 'latin1');
  return pdfFile([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [4 0 R] >>',
    FONT,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    stream('/Filter /FlateDecode', deflateSync(content, { level: 9 })),
  ]);
}

/**
 * A one-page PDF whose content stream inflates to `megabytes` MB of spaces: no text, so no text
 * limit stops it (1,500 MB: a 1.5 MB file). Built without ever holding the inflated bytes: one
 * deflated megabyte ends on a byte boundary and is repeated, then closed with its Adler-32.
 */
export function pdfInflationBomb(megabytes: number): Uint8Array {
  const megabyte = 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(megabyte, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const length = BigInt(megabytes * megabyte);
  const modulus = 65521n;
  const a = (1n + length * 0x20n) % modulus;
  const b = (length + (0x20n * length * (length + 1n)) / 2n) % modulus;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  const data = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: megabytes }, () => block),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
  return pdfFile([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [4 0 R] >>',
    FONT,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    stream('/Filter /FlateDecode', data),
  ]);
}

/** `<a '` repeated to `bytes`: the input that made the old regex tokenizer backtrack for minutes. */
export function unclosedTagsHtml(bytes: number): string {
  return "<a '".repeat(Math.floor(bytes / 4));
}

/** A .docx with `count` tiny parts besides its document (Word writes a few dozen). */
export function docxWithManyParts(count: number): Uint8Array {
  const document = deflatedEntry(
    'word/document.xml',
    `${DOCUMENT_START}<w:p><w:r><w:t>Hello</w:t></w:r></w:p>${DOCUMENT_END}`,
  );
  const parts = Array.from({ length: count }, (_, index) => deflatedEntry(`word/media/part${index}.xml`, '<x/>'));
  return zipArchive([...docxPackageParts(), document, ...parts]);
}
