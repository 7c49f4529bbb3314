import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_PAGES_MANIFEST, prerenderedPageKey } from '@/shared/prerendered-pages';

/**
 * Brotli or gzip for every text response the server builds (API JSON, error bodies), chosen from the
 * browser's Accept-Encoding. Brotli at quality 4: most of the saving for a fraction of the CPU of the
 * best quality, which the build spends once on the static files instead. Bodies under 1 KB, types
 * that are already compressed (images, PDFs, .docx) and responses that carry a Content-Encoding (the
 * precompressed files) pass through as they are.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}

/**
 * Serves the built client; API paths that match nothing get a JSON 404. A public page gets the HTML
 * the build prerendered for its address (scripts/prerender.ts); every other address, and a public
 * page asked for with a query it was not rendered for, gets the shell (index.html), drawn in the
 * browser. The build wrote `.br` and `.gz` beside every text file (scripts/precompress.ts);
 * `preCompressed` sends the one the browser accepts, with `Vary: accept-encoding`.
 */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(response, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    const pages = readPrerenderedPages(clientDir);
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/')) return sendApiNotFound(request, reply);
      const [pathname = '/', search = ''] = request.url.split('?', 2);
      const page = pages.get(prerenderedPageKey(pathname, search));
      if (page) return reply.type('text/html').header('cache-control', 'no-cache').sendFile(page);
      const file = pathname.replace(/^\/+/, '');
      const found = file && !file.includes('..') ? lookUp(clientDir, file) : 'none';
      if (found === 'file') return reply.sendFile(file);
      if (found === 'refused') return reply.status(404).type('text/plain').send('Not found');
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  app.setNotFoundHandler(sendApiNotFound);
}

/** Page key → HTML file, as the build wrote it; none when the client was built without prerendering. */
function readPrerenderedPages(clientDir: string): Map<string, string> {
  const manifest = path.join(clientDir, PRERENDERED_PAGES_MANIFEST);
  if (!existsSync(manifest)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>));
}

/** Longer paths name no file of the build nor any screen of the app. */
const MAX_PATH_LENGTH = 1024;

/**
 * Whether `file` is a file (not a folder) of the built client: `none` when nothing is there (the
 * app's screens), `refused` for a path no file can have: one too long, one through a file
 * (`/index.html/x`), one into a hidden folder (`.vite/`, the build's manifest).
 */
function lookUp(clientDir: string, file: string): 'file' | 'none' | 'refused' {
  if (file.length > MAX_PATH_LENGTH || file.split('/').some((segment) => segment.startsWith('.'))) return 'refused';
  try {
    return statSync(path.join(clientDir, file), { throwIfNoEntry: false })?.isFile() ? 'file' : 'none';
  } catch {
    // ENOTDIR, ENAMETOOLONG, EACCES…: nothing the client can be sent.
    return 'refused';
  }
}

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    error: { code: 'NOT_FOUND', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` },
  });
}
