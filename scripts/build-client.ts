// `npm run build:client`: builds the browser bundle with Vite into dist/client, then writes a
// Brotli and a gzip copy of every text file beside it, which the server sends as they are.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompressFolder } from './precompress';

const projectRoot = path.resolve(import.meta.dirname, '..');

/** Builds the client into `outDir` (dist/client by default); a test builds elsewhere. */
export async function buildClient({ outDir = path.join(projectRoot, 'dist', 'client'), logLevel = 'warn' as 'warn' | 'error' | 'info' } = {}) {
  const configFile = path.join(projectRoot, 'vite.config.ts');
  await build({ configFile, logLevel, build: { outDir, emptyOutDir: true } });
  const compressed = await precompressFolder(outDir);
  if (logLevel === 'info') {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(`Precompressed ${compressed.files} files: ${kb(compressed.bytes)} → ${kb(compressed.brotliBytes)} Brotli, ${kb(compressed.gzipBytes)} gzip`);
  }
  return { outDir };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildClient({ logLevel: process.argv.includes('--quiet') ? 'error' : 'info' });
}
