import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@/shared/schemas/public-config';
import type { Config } from './config';
import type { Database } from './db/connection';
import { clientDistFolder } from './core/paths';
import { registerClient, registerCompression } from './core/static';
import type { DemoCanvasFaults, DemoCanvasState } from './demo-canvas';
import { DEMO_CANVAS_TOKEN } from './demo-canvas/seed/tokens';
import { DEMO_CANVAS_PREFIX, demoCanvasPublicUrl } from './modules/canvas/demo-canvas-address';
import { registerErrorHandler } from './core/error-handler';
import { cleanStorableStrings } from '@/shared/storable-text';
import { loggerOptions } from './core/logger';
import { registerJsonBodyParser } from './core/json-body';
import type { AppContext } from './app-context';
import { createMailer } from './adapters/mail/mailer';
import type { MailTransport } from './adapters/mail/port';
import { createSmtpTransport } from './adapters/mail/smtp';
import { createAuditWriter } from './modules/audit/write-audit';
import { createAccessTokens } from './modules/auth/access-token';
import { createAuthStore } from './modules/auth/auth-store';
import { createAuthenticateHook } from './modules/auth/authenticate';
import { authRoutes } from './modules/auth/routes';
import { accountExistsMail } from './modules/auth/welcome-mail';
import { profileRoutes } from './modules/profile/routes';
import { usageRoutes } from './modules/usage/routes';
import { createCanvasAccess } from './modules/canvas/canvas-access';
import { canvasRoutes } from './modules/canvas/routes';
import { courseRoutes } from './modules/courses/routes';
import { gradingRoutes } from './modules/grading/routes';
import { createAiModel, type AiModel } from './adapters/ai';
import { gradeDrafterFor } from './modules/grading/drafting/grade-drafter';
import { contactRoutes } from './modules/contact/routes';
import { billingRoutes } from './modules/billing/routes';
import { literacyRoutes } from './modules/literacy/routes';
import { deriveKey } from './core/crypto';
import { createDraftStore } from './modules/grading/kernel/draft-store';
import { createUsageStore } from './modules/usage/usage-store';
import { createProfileStore } from './modules/profile/profile-store';
import { startJobs } from './jobs';

export type AppDependencies = {
  config: Config;
  db: Database;
  /** Overrides the engine chosen from config (tests point one at their local model server). */
  /** A model to draft with instead of the configured one; null for none (the offline paths). */
  aiModel?: AiModel | null;
  /** Overrides the transport chosen from config (tests pass one pointing at their SMTP server). */
  mailTransport?: MailTransport | null;
  /** Called for every route as it is registered (the security suite fuzzes each one from its schema). */
  onRoute?: (route: RouteOptions) => void;
  /** false for silence; a stream receives the log lines (tests read them). */
  logger?: false | { level?: string; stream?: DestinationStream };
  /** The built client to serve; dist/client unless a test built one elsewhere. */
  clientDir?: string;
  /** Overrides the server's time limits (tests shorten them to see a slow client cut off). */
  serverLimits?: Partial<ServerLimits>;
};

/**
 * How long a client may take, so that slow or stalled connections cannot pile up. Node checks the
 * header and request limits every `checkIntervalMs`, so a cut comes up to that much later.
 */
export const SERVER_LIMITS = {
  /** Sending the headers. */
  headersTimeoutMs: 20_000,
  /** Sending the whole request: a 5 MB upload still passes at about 90 KB/s. */
  requestTimeoutMs: 60_000,
  /** A socket with no traffic either way; above the longest answer (an AI draft, 90 s). */
  idleTimeoutMs: 120_000,
  /** Between requests on a kept-alive connection; above the 60 s idle time of common proxies. */
  keepAliveTimeoutMs: 72_000,
  checkIntervalMs: 5_000,
};
export type ServerLimits = typeof SERVER_LIMITS;

/** The app's JSON body limit; routes anyone can call without signing in get less (below). */
const BODY_LIMIT_BYTES = 1024 * 1024;
const PUBLIC_BODY_LIMITS: ReadonlyArray<readonly [prefix: string, bytes: number]> = [
  ['/api/auth/', 16 * 1024],
  ['/api/contact/', 128 * 1024],
  ['/api/literacy/', 128 * 1024],
];

/**
 * The composition root: builds every store, adapter and the job queue once, and the whole
 * application from them; `main.ts` only listens, tests call `inject()`.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const limits = { ...SERVER_LIMITS, ...deps.serverLimits };
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(deps.logger?.level ?? config.logLevel, deps.logger?.stream),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  app.addHook('onRoute', (route) => {
    const publicLimit = PUBLIC_BODY_LIMITS.find(([prefix]) => route.url.startsWith(prefix))?.[1];
    if (publicLimit !== undefined && route.bodyLimit === undefined) route.bodyLimit = publicLimit;
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Every text the API accepts is cleaned before its schema sees it: no NUL byte or lone surrogate
  // reaches Postgres, where it would fail the write (src/shared/storable-text.ts).
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = cleanStorableStrings(request.body);
    request.query = cleanStorableStrings(request.query);
    request.params = cleanStorableStrings(request.params);
  });

  const transport =
    deps.mailTransport !== undefined
      ? deps.mailTransport
      : config.mail.smtpUrl
        ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
        : null;
  const mailer = createMailer(db, transport, app.log);
  const accessTokens = createAccessTokens(config.appSecret);
  const backgroundWork = new Set<Promise<unknown>>();
  const authStore = createAuthStore(db);
  const profiles = createProfileStore(db);
  const canvas = createCanvasAccess(config, profiles);
  const ai = deps.aiModel !== undefined ? deps.aiModel : createAiModel(config.ai);
  const gradeDrafter = gradeDrafterFor(ai, { calibrate: config.ai.calibrate });
  const drafts = createDraftStore(db, deriveKey(config.appSecret, 'drafts'));
  const jobs = await startJobs({ config, db, log: app.log, mailer, authStore, canvas, gradeDrafter, drafts });

  const context: AppContext = {
    config,
    db,
    log: app.log,
    mailer,
    audit: createAuditWriter(db, app.log),
    accessTokens,
    authStore,
    authenticate: createAuthenticateHook(accessTokens, authStore),
    canvas,
    ai,
    gradeDrafter,
    drafts,
    usage: createUsageStore(db),
    profiles,
    jobs,
    trackBackgroundWork(work) {
      const tracked = work.finally(() => backgroundWork.delete(tracked));
      backgroundWork.add(tracked);
    },
    sendSignUpMail(outcome) {
      // A new account's welcome is a job, so it survives a restart in the second before it is sent.
      // A sign-up for an existing account tells its owner instead (same answer to the caller); that
      // mail goes through the outbox, retried like every other. A failure is only logged.
      const sent =
        outcome.kind === 'created'
          ? jobs.sendWelcomeMail(outcome.user)
          : mailer.send(accountExistsMail(outcome.email, config)).then(() => undefined);
      sent.catch((error: unknown) => app.log.error({ err: error }, 'sign-up mail not queued'));
    },
  };

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });

  await registerCompression(app);

  app.get('/api/health', async () => ({ status: 'ok' }));
  // For a load balancer: the process is alive; it can take work (database and queue answer).
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) =>
    (await jobs.isReady())
      ? { status: 'ready' }
      : reply.status(503).send({ status: 'unavailable', message: 'The database or the job queue does not answer.' }),
  );
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    supportEmail: config.mail.supportEmail,
    demoCanvas: config.demoCanvas ? { url: demoCanvasPublicUrl(config), token: DEMO_CANVAS_TOKEN } : null,
    aiEngine: config.ai.provider,
    billingMode: config.stripe.secretKey
      ? ('stripe' as const)
      : config.billingTestMode
        ? ('test' as const)
        : ('off' as const),
  }));
  await app.register(authRoutes, { prefix: '/api/auth', context });
  await app.register(profileRoutes, { prefix: '/api/profile', context });
  await app.register(usageRoutes, { prefix: '/api/usage', context });
  await app.register(canvasRoutes, { prefix: '/api/canvas', context });
  await app.register(courseRoutes, { prefix: '/api', context });
  await app.register(gradingRoutes, { prefix: '/api/grading', context });
  await app.register(contactRoutes, { prefix: '/api/contact', context });
  await app.register(billingRoutes, { prefix: '/api/billing', context });
  await app.register(literacyRoutes, { prefix: '/api/literacy', context });

  if (config.demoCanvas) {
    // One shared demo teacher for everyone on this instance, kept in memory: a restart resets it.
    // Loaded only when it is on: the demo's code and seed stay out of a production start.
    const { createDemoCanvasFaults, createDemoCanvasState, demoCanvasPlugin } = await import('./demo-canvas');
    const demo = { state: createDemoCanvasState(), faults: createDemoCanvasFaults() };
    await app.register(demoCanvasPlugin, { prefix: DEMO_CANVAS_PREFIX, ...demo });
    app.decorate('demoCanvas', demo);
  }

  await registerClient(app, deps.clientDir ?? clientDistFolder);

  app.addHook('onClose', async () => {
    // Stop taking jobs and finish (or hand back) the ones in hand before the database closes.
    await jobs.stop();
    await Promise.allSettled([...backgroundWork]);
    transport?.close?.();
    await context.canvas.close();
  });
  app.decorate('context', context);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
    demoCanvas?: { state: DemoCanvasState; faults: DemoCanvasFaults };
  }
}
