import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; src?: string };

/**
 * The gzipped JavaScript a first visit to a route downloads: the entry chunk, its static imports,
 * and the route module's chunk with its static imports (read from Vite's build manifest).
 */
export function routeJavaScriptSize(distClient: string, routeSource: string) {
  const manifest = JSON.parse(readFileSync(path.join(distClient, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('No entry in the Vite manifest');
  visit(entry);
  const route = Object.keys(manifest).find((key) => key.endsWith(routeSource));
  if (!route) throw new Error(`No chunk for ${routeSource}`);
  visit(route);
  let gzipBytes = 0;
  for (const file of files) gzipBytes += gzipSync(readFileSync(path.join(distClient, file))).length;
  return { files: [...files], gzipBytes };
}
