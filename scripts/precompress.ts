import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser downloads; source maps are left to on-the-fly compression (only developer tools read them). */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs (the same floor @fastify/compress uses). */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (Brotli, best quality) and `name.gz` (gzip level 9) next to every text file in
 * `folder`, which @fastify/static's `preCompressed` then serves to browsers that accept them. A copy
 * that is not smaller than the original is not written. Returns the bytes before and after.
 */
export async function precompressFolder(
  folder: string,
): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of await listFiles(folder)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    totals.files += 1;
    totals.bytes += content.length;
    if (br.length < content.length) {
      await writeFile(`${file}.br`, br);
      totals.brotliBytes += br.length;
    }
    if (gz.length < content.length) {
      await writeFile(`${file}.gz`, gz);
      totals.gzipBytes += gz.length;
    }
  }
  return totals;
}

async function listFiles(folder: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(folder)) {
    const full = path.join(folder, entry);
    if ((await stat(full)).isDirectory()) files.push(...(await listFiles(full)));
    else files.push(full);
  }
  return files;
}
