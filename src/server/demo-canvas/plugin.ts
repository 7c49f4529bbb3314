import { createHash } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DemoCanvasState } from './state';
import type { DemoCanvasFaults } from './faults';
import { accessTokenFrom, authenticate } from './http/authenticate';
import {
  CanvasHttpError,
  defaultErrorFor,
  genericError,
  notFound,
  RATE_LIMIT_EXCEEDED_BODY,
  rateLimitExceeded,
} from './http/canvas-errors';
import { parseNestedPairs, queryParams, stringParam } from './http/params';
import { CANVAS_THROTTLE_DEFAULTS, formatRubyFloat, LeakyBuckets, type ThrottleSettings } from './http/throttle';
import { DemoRouteContext } from './routes/route-context';
import { registerUserRoutes } from './routes/users';
import { registerCourseRoutes } from './routes/courses';
import { registerAssignmentRoutes } from './routes/assignments';
import { registerSubmissionRoutes } from './routes/submissions';
import { registerGradebookRoutes } from './routes/gradebook';
import { registerDiscussionRoutes } from './routes/discussions';
import { registerQuizRoutes } from './routes/quizzes';
import { registerFileRoutes } from './routes/files';
import { registerHtmlPages } from './routes/html-pages';
import { registerOAuthRoutes } from './routes/oauth';
import { registerLtiRoutes } from './routes/lti';

export interface DemoCanvasPluginOptions {
  state: DemoCanvasState;
  faults: DemoCanvasFaults;
}

interface ThrottleCharge {
  key: string;
  settings: ThrottleSettings;
  startedAt: number;
  isSettled: boolean;
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * The demo Canvas as a Fastify plugin. Registered by the app under `/demo-canvas`, or standalone by
 * `startDemoCanvas()`. Requests pass, in order: the request log, Canvas's throttle (API only),
 * injected latency, dropped connections, injected failures, then token authentication (API only).
 */
export const demoCanvasPlugin: FastifyPluginAsync<DemoCanvasPluginOptions> = async (app, { state, faults }) => {
  const prefix = app.prefix;
  const context = new DemoRouteContext(state, prefix);
  const buckets = new LeakyBuckets();
  const charges = new WeakMap<FastifyRequest, ThrottleCharge>();

  // Canvas reads form bodies with Rails' nested-parameter rules; scoped to this plugin only.
  if (app.hasContentTypeParser(FORM_CONTENT_TYPE)) app.removeContentTypeParser(FORM_CONTENT_TYPE);
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseNestedPairs(new URLSearchParams(String(body))));
  });

  app.addHook('onRequest', async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '/').slice(prefix.length) || '/';
    faults.logRequest({ method: request.method, path, query: flatQuery(request.url), timestamp: Date.now() });
    // The LTI endpoints (keys, authorization) are Canvas's public OIDC side, not its token API.
    const isApi = path.startsWith('/api/') && !path.startsWith('/api/lti/');
    const isFile = /^\/(courses\/\d+\/)?files\//.test(path);
    const token = accessTokenFrom(request.headers.authorization, stringParam(queryParams(request.url), 'access_token'));
    // The throttle answers before any work is done; latency stands for that work, so it comes after
    // and the up-front cost stays reserved while the request is "processing".
    if (isApi) {
      const refusal = chargeThrottle(request, token);
      if (refusal) return sendCanvasError(reply, refusal);
    }
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (!isApi && !isFile) return;
    if (faults.takeDrop()) {
      settleCharge(request);
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    const failure = faults.takeFailure(request.method);
    if (failure) {
      const injected =
        failure.body === undefined
          ? defaultErrorFor(failure.status)
          : new CanvasHttpError(failure.status, failure.body);
      return sendCanvasError(reply, injected);
    }
    if (isApi) context.setCaller(request, authenticate(state, token, new Date(), { method: request.method, path }));
  });

  /** Settles the throttle charge and adds Canvas's rate-limit headers to every API answer. */
  app.addHook('onSend', async (request, reply, payload) => {
    const settled = settleCharge(request);
    if (!settled) return payload;
    const isThrottled = typeof payload === 'string' && payload === RATE_LIMIT_EXCEEDED_BODY;
    if (!isThrottled) void reply.header('x-request-cost', formatRubyFloat(settled.cost));
    void reply.header('x-rate-limit-remaining', formatRubyFloat(settled.remaining));
    return payload;
  });
  // Canvas settles every request, even one whose client hung up; without this the abandoned
  // request's up-front cost would stay in the bucket.
  app.addHook('onRequestAbort', async (request) => {
    settleCharge(request);
  });

  function settleCharge(request: FastifyRequest): { cost: number; remaining: number } | undefined {
    const charge = charges.get(request);
    if (!charge || charge.isSettled) return undefined;
    charge.isSettled = true;
    const elapsedSeconds = (performance.now() - charge.startedAt) / 1000;
    const cost = charge.settings.requestCost ?? Math.max(0.001, elapsedSeconds);
    return { cost, remaining: buckets.settle(charge.key, charge.settings, cost, Date.now()) };
  }

  /** Reserves the up-front cost; returns the throttled answer when the bucket is full. */
  function chargeThrottle(request: FastifyRequest, token: string | undefined): CanvasHttpError | undefined {
    const settings = { ...CANVAS_THROTTLE_DEFAULTS, ...faults.throttle };
    const key = token ? `token:${createHash('sha256').update(token).digest('hex')}` : `ip:${request.ip}`;
    const reservation = buckets.reserve(key, settings, Date.now());
    // A refused request costs nothing beyond the reservation it gives back.
    charges.set(request, {
      key,
      settings: reservation.allowed ? settings : { ...settings, requestCost: 0 },
      startedAt: performance.now(),
      isSettled: false,
    });
    return reservation.allowed ? undefined : rateLimitExceeded();
  }

  app.setErrorHandler((error: FastifyError | CanvasHttpError, request, reply) => {
    if (error instanceof CanvasHttpError) return sendCanvasError(reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'demo Canvas failed');
    return sendCanvasError(reply, genericError(status >= 400 ? status : 500));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.slice(prefix.length).startsWith('/api/')) return sendCanvasError(reply, notFound());
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><title>Page not found</title><h1>Page not found</h1><p>The demo Canvas has no page here.</p>',
      );
  });

  registerUserRoutes(app, context);
  registerCourseRoutes(app, context);
  registerAssignmentRoutes(app, context);
  registerSubmissionRoutes(app, context);
  registerGradebookRoutes(app, context);
  registerDiscussionRoutes(app, context);
  registerQuizRoutes(app, context);
  registerFileRoutes(app, context);
  registerHtmlPages(app, context);
  registerOAuthRoutes(app, context);
  registerLtiRoutes(app, context);
};

function sendCanvasError(reply: FastifyReply, error: CanvasHttpError): FastifyReply {
  void reply.status(error.status).headers(error.headers);
  if (typeof error.body === 'string') return reply.type('text/plain; charset=utf-8').send(error.body);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(error.body));
}

function flatQuery(url: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return query;
  for (const [key, value] of new URLSearchParams(url.slice(queryStart + 1))) {
    const existing = query[key];
    query[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
