// `npm run build:server`: bundles the server into dist/server/main.js, and the document-reading
// worker next to it as dist/server/document-worker.js (read-in-worker.ts starts it from there).
// Packages stay external: production installs them with npm. Code loaded with a dynamic import (the
// demo Canvas) goes to its own chunk, read only when it is switched on.
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

export const SERVER_ENTRY_POINTS: Record<string, string> = {
  main: 'src/server/main.ts',
  'document-worker': 'src/server/adapters/documents/document-worker.ts',
};

/** The esbuild options of the server bundle; a test adds an entry point and builds elsewhere. */
export function serverBuildOptions({ outdir = 'dist/server', entryPoints = SERVER_ENTRY_POINTS } = {}): BuildOptions {
  return {
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await build(serverBuildOptions());
}
