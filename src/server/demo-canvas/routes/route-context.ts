import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DemoUser } from '../model';
import type { DemoCanvasState } from '../state';
import type { RenderContext } from '../serializers/render-context';
import { listParam, mergeParams, paramsFromJson, queryParams, type Params } from '../http/params';
import { paginate, type PageOptions } from '../http/pagination';
import { missingCredentials } from '../http/canvas-errors';

/** What route modules share: the data, who is calling, and helpers for parameters and paging. */
export class DemoRouteContext {
  private readonly callers = new WeakMap<FastifyRequest, DemoUser>();

  constructor(
    readonly state: DemoCanvasState,
    /** The mount prefix ('' when standalone, '/demo-canvas' inside the app). */
    readonly prefix: string,
  ) {}

  setCaller(request: FastifyRequest, user: DemoUser): void {
    this.callers.set(request, user);
  }

  callerOf(request: FastifyRequest): DemoUser {
    const user = this.callers.get(request);
    if (!user) throw missingCredentials();
    return user;
  }

  /** Absolute URL of the Canvas root as the caller reached it (Link headers and html_urls use it). */
  baseUrl(request: FastifyRequest): string {
    return `${request.protocol}://${request.host}${this.prefix}`;
  }

  endpointUrl(request: FastifyRequest): string {
    return `${request.protocol}://${request.host}${request.url.split('?')[0] ?? ''}`;
  }

  render(request: FastifyRequest): RenderContext {
    return { state: this.state, baseUrl: this.baseUrl(request), caller: this.callerOf(request), now: new Date() };
  }

  query(request: FastifyRequest): Params {
    return queryParams(request.url);
  }

  /** Query and body parameters together, body winning, as Rails merges them. */
  params(request: FastifyRequest): Params {
    return mergeParams(this.query(request), paramsFromJson(request.body));
  }

  includes(request: FastifyRequest): Set<string> {
    return new Set(listParam(this.query(request), 'include'));
  }

  /** Cuts one page out of `items` and sets Canvas's `Link` header for it. */
  page<T>(request: FastifyRequest, reply: FastifyReply, items: readonly T[], options?: PageOptions): T[] {
    const page = paginate(items, this.endpointUrl(request), this.query(request), options);
    void reply.header('link', page.linkHeader);
    return page.items;
  }
}
