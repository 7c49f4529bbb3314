import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { courseAccess, requireAccess } from '../domain/permissions';
import { attachmentBytes } from '../files/attachment-files';
import { accessTokenFrom, authenticate } from '../http/authenticate';
import { notFound } from '../http/canvas-errors';
import { idParam, stringParam } from '../http/params';
import type { DemoRouteContext } from './route-context';

type FileParams = { fileId: string };

/**
 * File downloads, as the `url` of an attachment points to them: allowed with the file's
 * `verifier` (what Canvas puts in the URL) or with a token of someone who can see the course.
 */
export function registerFileRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;

  const download = async (request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply) => {
    const attachment = state.attachments.get(idParam(request.params.fileId));
    if (!attachment) throw notFound();
    const query = context.query(request);
    if (stringParam(query, 'verifier') !== attachment.verifier) {
      const token = accessTokenFrom(request.headers.authorization, stringParam(query, 'access_token'));
      const user = authenticate(state, token, new Date());
      const access = courseAccess(state, user.id, attachment.courseId);
      requireAccess(access.canViewAllGrades);
    }
    const bytes = await attachmentBytes(state, attachment);
    return reply
      .header('content-type', attachment.contentType)
      .header('content-length', String(bytes.byteLength))
      .header(
        'content-disposition',
        `attachment; filename="${attachment.filename}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
      )
      .send(Buffer.from(bytes));
  };

  app.get<{ Params: FileParams }>('/files/:fileId/download', download);
  app.get<{ Params: FileParams & { courseId: string } }>('/courses/:courseId/files/:fileId/download', download);
}
