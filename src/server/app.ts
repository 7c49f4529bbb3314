import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@/shared/schemas/public-config';
import type { Config } from './config';
import type { Database } from './db/connection';
import { clientDistFolder } from './core/paths';
import {
  createDemoCanvasFaults,
  createDemoCanvasState,
  DEMO_CANVAS_TOKEN,
  demoCanvasPlugin,
  type DemoCanvasFaults,
  type DemoCanvasState,
} from './demo-canvas';
import { DEMO_CANVAS_PREFIX, demoCanvasPublicUrl } from './modules/canvas/demo-canvas-address';
import { registerErrorHandler } from './core/error-handler';
import type { AppContext } from './app-context';
import { createMailer } from './adapters/mail/mailer';
import type { MailTransport } from './adapters/mail/port';
import { createSmtpTransport } from './adapters/mail/smtp';
import { createAuditWriter } from './modules/audit/write-audit';
import { createAccessTokens } from './modules/auth/access-token';
import { createAuthStore } from './modules/auth/auth-store';
import { createAuthenticateHook } from './modules/auth/authenticate';
import { authRoutes } from './modules/auth/routes';
import { welcomeMail } from './modules/auth/welcome-mail';
import { profileRoutes } from './modules/profile/routes';
import { usageRoutes } from './modules/usage/routes';
import { createCanvasAccess } from './modules/canvas/canvas-access';
import { canvasRoutes } from './modules/canvas/routes';
import { courseRoutes } from './modules/courses/routes';
import { gradingRoutes } from './modules/grading/routes';
import { createAiEngine, type AiEngine } from './adapters/ai';
import { contactRoutes } from './modules/contact/routes';
import { billingRoutes } from './modules/billing/routes';
import { literacyRoutes } from './modules/literacy/routes';

export type AppDependencies = {
  config: Config;
  db: Database;
  /** Overrides the engine chosen from config (tests point one at their local model server). */
  aiEngine?: AiEngine;
  /** Overrides the transport chosen from config (tests pass one pointing at their SMTP server). */
  mailTransport?: MailTransport | null;
  logger?: boolean | { level: string };
};

const MAIL_RETRY_INTERVAL_MS = 30_000;
const WELCOME_MAIL_DELAY_MS = 1000;

/** Builds the whole application; `main.ts` only listens, tests call `inject()`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.environment === 'production' ? 'loopback' : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const transport =
    deps.mailTransport !== undefined
      ? deps.mailTransport
      : config.mail.smtpUrl
        ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
        : null;
  const mailer = createMailer(db, transport, app.log);
  const accessTokens = createAccessTokens(config.appSecret);
  const pendingTimers = new Set<NodeJS.Timeout>();
  const backgroundWork = new Set<Promise<unknown>>();

  const context: AppContext = {
    config,
    db,
    log: app.log,
    mailer,
    audit: createAuditWriter(db, app.log),
    accessTokens,
    authStore: createAuthStore(db),
    authenticate: createAuthenticateHook(accessTokens),
    canvas: createCanvasAccess(config, db),
    ai: deps.aiEngine ?? createAiEngine(config.ai),
    trackBackgroundWork(work) {
      const tracked = work.finally(() => backgroundWork.delete(tracked));
      backgroundWork.add(tracked);
    },
    sendWelcomeMail(user) {
      // Requested a second after sign-up (spec part 1 §4); a failure is only logged.
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        mailer.send(welcomeMail(user, config)).catch((error: unknown) => {
          app.log.error({ err: error, userId: user.id }, 'welcome mail failed');
        });
      }, WELCOME_MAIL_DELAY_MS);
      pendingTimers.add(timer);
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

  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    supportEmail: config.mail.supportEmail,
    demoCanvas: config.demoCanvas ? { url: demoCanvasPublicUrl(config), token: DEMO_CANVAS_TOKEN } : null,
    aiEngine: config.ai.provider,
    billingMode: config.stripe.secretKey ? ('stripe' as const) : ('test' as const),
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
    const demo = { state: createDemoCanvasState(), faults: createDemoCanvasFaults() };
    await app.register(demoCanvasPlugin, { prefix: DEMO_CANVAS_PREFIX, ...demo });
    app.decorate('demoCanvas', demo);
  }

  await registerClient(app);

  if (transport) {
    const retryTimer = setInterval(() => {
      mailer.deliverDue().catch((error: unknown) => app.log.error({ err: error }, 'mail retry failed'));
    }, MAIL_RETRY_INTERVAL_MS);
    retryTimer.unref();
    app.addHook('onClose', async () => clearInterval(retryTimer));
  }
  app.addHook('onClose', async () => {
    await Promise.allSettled([...backgroundWork]);
    for (const timer of pendingTimers) clearTimeout(timer);
    transport?.close?.();
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

/** Serves the built client with the SPA fallback; API paths that match nothing get a JSON 404. */
async function registerClient(app: FastifyInstance) {
  const hasClient = existsSync(path.join(clientDistFolder, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDistFolder,
      wildcard: false,
      index: false,
      setHeaders(response, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/')) return sendApiNotFound(request, reply);
      const file = request.url.split('?')[0]!.replace(/^\/+/, '');
      if (file && existsSync(path.join(clientDistFolder, file)) && !file.includes('..')) {
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
