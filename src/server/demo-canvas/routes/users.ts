import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/canvas-errors';
import { profileJson, selfJson } from '../serializers/users';
import type { DemoRouteContext } from './route-context';

export function registerUserRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  /** Only the caller's own record: looking up anyone else needs admin rights the demo never grants. */
  const requireSelf = (id: string, callerId: number) => {
    if (id !== 'self' && id !== String(callerId)) throw notFound();
  };

  app.get<{ Params: { userId: string } }>('/api/v1/users/:userId', async (request) => {
    const render = context.render(request);
    requireSelf(request.params.userId, render.caller.id);
    return selfJson(render, render.caller);
  });

  app.get<{ Params: { userId: string } }>('/api/v1/users/:userId/profile', async (request) => {
    const render = context.render(request);
    requireSelf(request.params.userId, render.caller.id);
    return profileJson(render, render.caller);
  });
}
