import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@/shared/schemas/public-config';
import { cleanStorableStrings } from '@/shared/storable-text';
import type { Config } from './config';
import type { Database } from './db/connection';
import { clientDistFolder } from './paths';
import { assertCanvasUrlAllowed, type CanvasUrlPolicy } from './adapters/canvas';
import { deriveKey, encrypt, sha256 } from './core/crypto';
import { registerErrorHandler } from './core/error-handler';
import { registerJsonBodyParser } from './core/json-body';
import { loggerOptions } from './core/logger';
import { registerSecurityHeaders } from './core/security-headers';
import { registerClient, registerCompression } from './core/static';
import type { DemoCanvasFaults, DemoCanvasState } from './demo-canvas';
import { DEMO_CANVAS_CLIENT_ID, DEMO_CANVAS_CLIENT_SECRET, DEMO_CANVAS_TOKEN } from './demo-canvas/seed/tokens';
import { createAiModel, createPublicAddressFetch, withCallBudget, type AiModel } from './adapters/ai';
import { createBillingProvider, type BillingProvider } from './adapters/billing';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import type { MailTransport } from './adapters/mail/port';
import { createSmtpTransport } from './adapters/mail/smtp';
import { startJobs, type Jobs } from './jobs';
import { scheduleCommentReduction } from './modules/audit/reduce-old-comments';
import { createAuditWriter } from './modules/audit/write-audit';
import { createAccessTokens } from './modules/auth/access-token';
import { createAuthStore } from './modules/auth/auth-store';
import { createAuthenticateHook } from './modules/auth/authenticate';
import { createBrowserSessions } from './modules/auth/browser-session';
import { authRoutes } from './modules/auth/routes';
import { createSignUpMailSender } from './modules/auth/send-sign-up-mail';
import { createTrustedDevices } from './modules/auth/trusted-device';
import { createBillingStore } from './modules/billing/billing-store';
import { billingRoutes } from './modules/billing/routes';
import { createCanvasAccess, type CanvasAccess, type CanvasOAuthSetup } from './modules/canvas/canvas-access';
import { createCanvasTokenStore } from './modules/canvas/canvas-token-store';
import { DEMO_CANVAS_PREFIX, demoCanvasPublicUrl } from './modules/canvas/demo-canvas-address';
import { canvasRoutes } from './modules/canvas/routes';
import { disconnectCanvas } from './modules/canvas/connect-canvas';
import type { InstitutionDeps } from './modules/institutions/manage-institution';
import { requestDomainJoin } from './modules/institutions/manage-teachers';
import { draftLifetimeFor, institutionAddsAiLine, institutionAiFor } from './modules/institutions/institution-policies';
import type { GradeDrafter } from './modules/grading/kernel/drafter-port';
import { createInstitutionStore } from './modules/institutions/institution-store';
import { institutionRoutes } from './modules/institutions/routes';
import { createLtiStore } from './modules/lti/lti-store';
import { createPlatformKeys } from './modules/lti/platform';
import { ltiRoutes } from './modules/lti/routes';
import { createContactStore } from './modules/contact/contact-store';
import { contactRoutes } from './modules/contact/routes';
import { courseRoutes } from './modules/courses/routes';
import { insightsRoutes } from './modules/insights/routes';
import { createInsightsCache } from './modules/insights/insights-cache';
import { driftCheck, gradeDrafterFor } from './modules/grading/drafting/grade-drafter';
import { createDraftStore, DRAFT_LIFETIME_MS, type DraftStore } from './modules/grading/kernel/draft-store';
import { createGradeSaveStore } from './modules/grading/kernel/grade-save-store';
import { createGradingPreferencesStore } from './modules/grading/kernel/grading-preferences-store';
import { createCommentBankStore } from './modules/grading/kernel/comment-bank-store';
import { gradingRoutes } from './modules/grading/routes';
import { createMailingListStore } from './modules/literacy/mailing-list-store';
import { literacyRoutes } from './modules/literacy/routes';
import { createProfileStore } from './modules/profile/profile-store';
import { profileRoutes } from './modules/profile/routes';
import { createUsageStore } from './modules/usage/usage-store';
import { usageRoutes } from './modules/usage/routes';

export type AppDependencies = {
  config: Config;
  db: Database;
  /** A model to use instead of the configured one (tests point one at their local model server); null for none (the offline paths). */
  aiModel?: AiModel | null;
  /** A billing provider instead of the one config chooses (tests point a Stripe client at their local server); null for none. */
  billingProvider?: BillingProvider | null;
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
  /**
   * The rule an institution's AI server address is held to, when saved and at every call (by default
   * the Canvas rule, CANVAS_ALLOW_PRIVATE_HOSTS). Tests hold it to production's, with DNS answers of
   * their own, while their Canvas runs on loopback.
   */
  institutionAiAddressPolicy?: CanvasUrlPolicy;
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
const HOUR_MS = 60 * 60 * 1000;
const PUBLIC_BODY_LIMITS: ReadonlyArray<readonly [prefix: string, bytes: number]> = [
  ['/api/auth/', 16 * 1024],
  ['/api/contact/', 128 * 1024],
  ['/api/literacy/', 128 * 1024],
  // Canvas's launch posts an id_token of a few kilobytes.
  ['/api/lti/', 64 * 1024],
];

/** What the composition root built that the code holding the app may reach: tests seed and run through it. */
export type AppServices = { mailer: Mailer; canvas: CanvasAccess; drafts: DraftStore; jobs: Jobs };

/**
 * The composition root: builds every store, adapter, provider and the job queue once, and hands each
 * route plugin only what it uses; `main.ts` only listens, tests call `inject()`.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = createServer(deps);
  const log = app.log;

  const transport =
    deps.mailTransport !== undefined
      ? deps.mailTransport
      : config.mail.smtpUrl
        ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
        : null;
  const mailer = createMailer(db, transport, log);
  const audit = createAuditWriter(db, log);
  const accessTokens = createAccessTokens(config.appSecret);
  const authStore = createAuthStore(db);
  const authenticate = createAuthenticateHook(accessTokens, authStore);
  const profiles = createProfileStore(db);
  const institutionStore = createInstitutionStore(db);
  const usage = createUsageStore(db, (userId) => institutionStore.planOf(userId));
  const canvasTokens = createCanvasTokenStore(db);
  const canvas = createCanvasAccess(config, canvasTokens, canvasOAuthSetupOf(config), log, {
    administeredBy: async (userId) => {
      const membership = await institutionStore.membershipOf(userId);
      return membership?.role === 'admin' ? membership.institution.name : null;
    },
    of: async (userId) => (await institutionStore.membershipOf(userId))?.institution ?? null,
    byId: (institutionId) => institutionStore.byId(institutionId),
  });
  const configuredModel = deps.aiModel !== undefined ? deps.aiModel : createAiModel(config.ai);
  const ai = configuredModel && withCallBudget(configuredModel, db, config.ai.callsPerHour);
  const gradeDrafter = gradeDrafterFor(ai, { calibrate: config.ai.calibrate });
  const drafts = createDraftStore(
    db,
    deriveKey(config.appSecret, 'drafts'),
    { runSeconds: config.jobs.runBudgetSeconds, draftSeconds: config.jobs.draftBudgetSeconds },
    (userId) => draftLifetimeFor(institutionStore, userId, DRAFT_LIFETIME_MS),
  );
  // An institution's teachers draft with the AI it supplies (decision 063); one model per institution
  // and settings, built when first needed. Its address is checked again at every call and connect.
  const institutionAiAddressPolicy = deps.institutionAiAddressPolicy ?? {
    allowPrivateHosts: config.canvasAllowPrivateHosts,
  };
  const institutionAiFetch = createPublicAddressFetch(institutionAiAddressPolicy);
  const institutionDrafters = new Map<string, GradeDrafter>();
  const drafterFor = async (teacherId: string): Promise<GradeDrafter> => {
    const own = await institutionAiFor({ store: institutionStore, open: canvas.open }, teacherId);
    if (!own) return gradeDrafter;
    const cacheKey = `${own.institutionId}:${sha256(JSON.stringify(own))}`;
    let drafter = institutionDrafters.get(cacheKey);
    if (!drafter) {
      const model = createAiModel(
        {
          provider: own.provider,
          model: own.model ?? undefined,
          apiKey: own.apiKey ?? undefined,
          baseUrl: own.baseUrl ?? undefined,
        },
        { fetch: institutionAiFetch.fetch },
      );
      drafter = gradeDrafterFor(model, { calibrate: config.ai.calibrate });
      // Settings changed: the institution's older model is dropped.
      for (const key of institutionDrafters.keys())
        if (key.startsWith(`${own.institutionId}:`)) institutionDrafters.delete(key);
      institutionDrafters.set(cacheKey, drafter);
    }
    return drafter;
  };
  const saves = createGradeSaveStore(db, deriveKey(config.appSecret, 'grade-saves'));
  const preferences = createGradingPreferencesStore(db);
  const commentBank = createCommentBankStore(db);
  // Comments in the audit log live as long as drafts do, then become hashes: swept every hour.
  const commentReduction = scheduleCommentReduction(db, log, { keepForMs: DRAFT_LIFETIME_MS, everyMs: HOUR_MS });
  const billingProvider = deps.billingProvider !== undefined ? deps.billingProvider : createBillingProvider(config);
  if (billingProvider?.readWebhook && !config.stripe.webhookSecret) {
    log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused, so purchases will not be applied');
  }
  const jobs = await startJobs({ config, db, log, mailer, authStore, canvas, drafterFor, drafts });
  // Short work that outlives its request (a mail hand-off), awaited when the app closes.
  const backgroundWork = new Set<Promise<unknown>>();
  const trackBackgroundWork = (work: Promise<unknown>) => {
    const tracked = work.finally(() => backgroundWork.delete(tracked));
    backgroundWork.add(tracked);
  };
  const { publicUrl } = config;
  const { supportEmail } = config.mail;

  const institutionDeps: InstitutionDeps = {
    store: institutionStore,
    audit,
    appSecret: config.appSecret,
    seal: canvas.seal,
    mailer,
    publicUrl,
    supportEmail,
    endSessions: (userId) => authStore.revokeAllSessions(userId, new Date()),
    endCanvasConnection: (userId) => disconnectCanvas({ access: canvas, tokens: canvasTokens, audit, log }, userId),
    checkPublicAddress: (url) => assertCanvasUrlAllowed(url, institutionAiAddressPolicy),
  };
  const signUpMail = createSignUpMailSender({
    queueWelcomeMail: (user) => jobs.sendWelcomeMail(user),
    mailer,
    config,
    log,
  });
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, publicUrl);
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
    supportEmail,
    demoCanvas: config.demoCanvas ? { url: demoCanvasPublicUrl(config), token: DEMO_CANVAS_TOKEN } : null,
    aiEngine: config.ai.provider,
    billingMode: !billingProvider
      ? ('off' as const)
      : billingProvider.kind === 'stripe'
        ? ('stripe' as const)
        : ('test' as const),
  }));

  await app.register(authRoutes, {
    prefix: '/api/auth',
    db,
    store: authStore,
    accessTokens,
    audit,
    authenticate,
    trustedDevices: createTrustedDevices(config.appSecret),
    publicUrl,
    signUpLimitPerHour: config.signUpLimitPerHour,
    sendSignUpMail: (outcome) => {
      signUpMail(outcome);
      // A new account at a school's sign-up domain is sent the link that confirms it and joins the school.
      if (outcome.kind === 'created')
        trackBackgroundWork(
          requestDomainJoin(institutionDeps, outcome.user).catch((error: unknown) =>
            log.error({ err: error }, 'domain confirmation not sent'),
          ),
        );
    },
  });
  await app.register(profileRoutes, { prefix: '/api/profile', authenticate, profiles, audit });
  await app.register(usageRoutes, { prefix: '/api/usage', authenticate, usage });
  await app.register(canvasRoutes, {
    prefix: '/api/canvas',
    db,
    authenticate,
    canvas,
    profiles,
    tokens: canvasTokens,
    institutions: institutionStore,
    audit,
    publicUrl,
  });
  await app.register(institutionRoutes, {
    prefix: '/api/institutions',
    authenticate,
    institutions: institutionDeps,
  });
  const ltiKeyKey = deriveKey(config.appSecret, 'lti-tool-key');
  await app.register(ltiRoutes, {
    prefix: '/api/lti',
    authenticate,
    store: createLtiStore(db),
    institutions: institutionStore,
    platformKeys: createPlatformKeys(),
    startBrowserSession: createBrowserSessions({ store: authStore, accessTokens, publicUrl }),
    audit,
    seal: (plaintext) => encrypt(ltiKeyKey, plaintext),
    linkKey: deriveKey(config.appSecret, 'lti-link'),
    publicUrl,
  });
  await app.register(courseRoutes, { prefix: '/api', authenticate, canvas });
  await app.register(insightsRoutes, { prefix: '/api/insights', authenticate, canvas, cache: createInsightsCache() });
  await app.register(gradingRoutes, {
    prefix: '/api/grading',
    dependencies: {
      db,
      authenticate,
      canvas,
      audit,
      gradeDrafter,
      drafterFor,
      drafts,
      saves,
      preferences,
      institutionAddsAiLine: (teacherId) => institutionAddsAiLine(institutionStore, teacherId),
      driftCheck,
      commentBank,
      usage,
      classDrafts: jobs.classDrafts,
    },
  });
  await app.register(contactRoutes, {
    prefix: '/api/contact',
    db,
    store: createContactStore(db),
    mailer,
    log,
    supportEmail,
    trackBackgroundWork,
  });
  await app.register(billingRoutes, {
    prefix: '/api/billing',
    authenticate,
    billing: { db, store: createBillingStore(db), usageStore: usage, provider: billingProvider, audit, log, publicUrl },
  });
  await app.register(literacyRoutes, {
    prefix: '/api/literacy',
    signups: { db, store: createMailingListStore(db), mailer, log, publicUrl, supportEmail, trackBackgroundWork },
    generation: { db, ai },
  });

  if (config.demoCanvas) {
    // One shared demo teacher for everyone on this instance, kept in memory: a restart resets it.
    // Loaded only when it is on: the demo's code and seed stay out of a production start.
    const { createDemoCanvasFaults, createDemoCanvasState, demoCanvasPlugin } = await import('./demo-canvas');
    const demo = { state: createDemoCanvasState(), faults: createDemoCanvasFaults() };
    demo.state.oauth.accessTokenLifetimeSeconds = config.demoCanvasTokenSeconds;
    demo.state.lti.toolUrl = publicUrl;
    await app.register(demoCanvasPlugin, { prefix: DEMO_CANVAS_PREFIX, ...demo });
    app.decorate('demoCanvas', demo);
  }

  await registerClient(app, deps.clientDir ?? clientDistFolder);

  // Workers start once the app is ready and take their first jobs in the background: a restarted
  // instance answers /healthz at once, whatever waits in the queue.
  app.addHook('onReady', async () => jobs.startWorkers());
  app.addHook('onClose', async () => {
    await commentReduction.stop();
    // Stop taking jobs and finish (or hand back) the ones in hand before the database closes.
    await jobs.stop();
    await Promise.allSettled([...backgroundWork]);
    transport?.close?.();
    await canvas.close();
    await institutionAiFetch.close();
  });
  const services: AppServices = { mailer, canvas, drafts, jobs };
  app.decorate('services', services);
  return app;
}

/**
 * The installation's developer key for "Connect with Canvas" (CANVAS_OAUTH_*), or else the demo
 * Canvas's own key, so `npm start` shows the flow end to end. A teacher of an institution that set
 * its own Canvas URL and key connects with that one instead (decision 056).
 */
function canvasOAuthSetupOf(config: Config): CanvasOAuthSetup | null {
  if (config.canvasOAuth) return config.canvasOAuth;
  if (!config.demoCanvas) return null;
  return {
    canvasUrl: demoCanvasPublicUrl(config),
    clientId: DEMO_CANVAS_CLIENT_ID,
    clientSecret: DEMO_CANVAS_CLIENT_SECRET,
    enforcesScopes: false,
  };
}

/** Fastify with the app's limits, zod validation, error answers and the hooks every request passes. */
function createServer(deps: AppDependencies) {
  const { config } = deps;
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
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    demoCanvas?: { state: DemoCanvasState; faults: DemoCanvasFaults };
  }
}
