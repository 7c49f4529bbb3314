// `npm run build:client`: builds the browser bundle with Vite into dist/client, prerenders the
// public pages into HTML files beside it (a second, Node build of src/client/entry-server.tsx that
// is thrown away afterwards), then writes a Brotli and a gzip copy of every text file, which the
// server sends as they are.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompressFolder } from './precompress';
import { prerenderPages } from './prerender';

const projectRoot = path.resolve(import.meta.dirname, '..');

/** Builds the client into `outDir` (dist/client by default); a test builds elsewhere. */
export async function buildClient({
  outDir = path.join(projectRoot, 'dist', 'client'),
  logLevel = 'warn' as 'warn' | 'error' | 'info',
} = {}) {
  const configFile = path.join(projectRoot, 'vite.config.ts');
  await build({ configFile, logLevel, build: { outDir, emptyOutDir: true } });

  // Inside the project, so the Node build finds the packages it leaves external in node_modules.
  const serverDir = path.join(projectRoot, 'dist', `.prerender-${process.pid}`);
  try {
    await build({
      configFile,
      logLevel: logLevel === 'info' ? 'warn' : logLevel,
      publicDir: false,
      build: {
        ssr: path.join(projectRoot, 'src', 'client', 'entry-server.tsx'),
        outDir: serverDir,
        emptyOutDir: true,
        manifest: false,
        sourcemap: false,
      },
    });
    const { pages } = await prerenderPages(outDir, path.join(serverDir, 'entry-server.js'));
    if (logLevel === 'info') console.log(`Prerendered ${pages} public pages`);
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }

  const compressed = await precompressFolder(outDir);
  if (logLevel === 'info') {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(
      `Precompressed ${compressed.files} files: ${kb(compressed.bytes)} → ${kb(compressed.brotliBytes)} Brotli, ${kb(compressed.gzipBytes)} gzip`,
    );
  }
  return { outDir };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildClient({ logLevel: process.argv.includes('--quiet') ? 'error' : 'info' });
}
