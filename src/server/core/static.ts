import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

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
 * Serves the built client with the SPA fallback; API paths that match nothing get a JSON 404.
 * The build wrote `.br` and `.gz` beside every text file (scripts/precompress.ts); `preCompressed`
 * sends the one the browser accepts, with `Vary: accept-encoding`.
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
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/')) return sendApiNotFound(request, reply);
      const file = request.url.split('?')[0]!.replace(/^\/+/, '');
      if (file && existsSync(path.join(clientDir, file)) && !file.includes('..')) {
        return reply.sendFile(file);
      }
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  app.setNotFoundHandler(sendApiNotFound);
}

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ error: { code: 'NOT_FOUND', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` } });
}
