import type { DestinationStream } from 'pino';
import type { SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, type AppServices, type ServerLimits } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { openDatabase, type DatabaseHandle } from '@/server/db/connection';
import { startDemoCanvas, type RunningDemoCanvas, type StartDemoCanvasOptions } from '@/server/demo-canvas';
import type { MailTransport } from '@/server/adapters/mail/port';
import type { AiModel } from '@/server/adapters/ai';
import type { BillingProvider } from '@/server/adapters/billing';
import type { CanvasUrlPolicy } from '@/server/adapters/canvas';

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; config: Config; close(): Promise<void> };

export type TestAppOptions = {
  env?: Record<string, string>;
  mailTransport?: MailTransport | null;
  /** A database the caller opened and closes; without it, a new one for this app, closed with it. */
  database?: DatabaseHandle;
  /** A model to draft with (the fake AI server's); without it, the configured one (none in tests). */
  aiModel?: AiModel | null;
  /** A billing provider instead of the configured one (a Stripe client pointed at the fake Stripe server). */
  billingProvider?: BillingProvider | null;
  /** Sees every route as it is registered. */
  onRoute?: (route: RouteOptions) => void;
  /** Receives the server's log lines at `info` and above; without it the server logs nothing. */
  logStream?: DestinationStream;
  /** A client build to serve (the static tests build one of their own). */
  clientDir?: string;
  /** Shorter time limits, to see a slow client cut off. */
  serverLimits?: Partial<ServerLimits>;
  /** The rule institutions' AI server addresses are held to (production's, with DNS answers of the test's own). */
  institutionAiAddressPolicy?: CanvasUrlPolicy;
};

/**
 * A real, migrated database for one test file: in-memory PGlite by default, or a fresh database on
 * the Postgres server named by DATABASE_URL (created here, dropped on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory' });
  const name = `margin_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The app on a real, migrated database, built as `main.ts` builds it (the same composition root).
 * Tests that need one app for the file call `buildTestApp`; this is for a test that builds a second
 * app of its own (another configuration on the same database) and closes it itself.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-that-is-long-enough-to-derive-keys',
    DATA_DIR: '/tmp/margin-test-unused',
    LOG_LEVEL: 'silent',
    // Test files sign many teachers up from one inject() address; the per-address sign-up limit
    // has its own tests (tests/security/auth-sign-up.test.ts), which set it back.
    SIGN_UP_LIMIT_PER_HOUR: '10000',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    db: database.db,
    mailTransport: options.mailTransport ?? null,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.aiModel !== undefined ? { aiModel: options.aiModel } : {}),
    ...(options.billingProvider !== undefined ? { billingProvider: options.billingProvider } : {}),
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    ...(options.serverLimits ? { serverLimits: options.serverLimits } : {}),
    ...(options.institutionAiAddressPolicy ? { institutionAiAddressPolicy: options.institutionAiAddressPolicy } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export type BuildTestAppOptions = TestAppOptions & {
  /** A demo Canvas on its own loopback port beside the app (with these options, if any). */
  canvas?: boolean | StartDemoCanvasOptions;
};

/** The app of one test file (or `describe` block), read inside its tests. */
export type BuiltTestApp = {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly config: Config;
  /** What the composition root built: the job queue, the draft store, the mailer, Canvas access. */
  readonly services: AppServices;
  /** The demo Canvas, when `canvas` was asked for. */
  readonly canvas: RunningDemoCanvas;
};

/** Building the app migrates a new database; on a loaded machine that can take a while. */
const BUILD_TIMEOUT_MS = 180_000;

/**
 * Builds the app once for the file or `describe` block that calls it, and closes it (its database
 * and demo Canvas too) when that ends: fastify/demo's `build(t)`, with Vitest's hooks as the test
 * context. Call it at the top level of the block and read `app`, `database`… inside tests.
 *
 * `options` may be a function: it is called when the app is built, after the hooks registered
 * before this call, so it can use a server one of them started (the fake AI or Stripe server).
 * With `canvas`, a demo Canvas comes with the app, its faults cleared before each test.
 */
export function buildTestApp(
  options: BuildTestAppOptions | (() => BuildTestAppOptions | Promise<BuildTestAppOptions>) = {},
): BuiltTestApp {
  let built: { testApp: TestApp; canvas: RunningDemoCanvas | null } | undefined;
  beforeAll(async () => {
    const { canvas, ...appOptions } = typeof options === 'function' ? await options() : options;
    const [testApp, demo] = await Promise.allSettled([
      createTestApp(appOptions),
      canvas ? startDemoCanvas(canvas === true ? {} : canvas) : Promise.resolve(null),
    ]);
    if (testApp.status === 'rejected' || demo.status === 'rejected') {
      await Promise.all([
        testApp.status === 'fulfilled' ? testApp.value.close() : null,
        demo.status === 'fulfilled' ? demo.value?.close() : null,
      ]);
      throw testApp.status === 'rejected' ? testApp.reason : (demo as PromiseRejectedResult).reason;
    }
    built = { testApp: testApp.value, canvas: demo.value };
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([built?.testApp.close(), built?.canvas?.close()]);
    built = undefined;
  });
  beforeEach(() => built?.canvas?.faults.reset());

  const current = () => {
    if (!built) throw new Error('The test app is read inside tests, once it is built (beforeAll).');
    return built;
  };
  return {
    get app() {
      return current().testApp.app;
    },
    get database() {
      return current().testApp.database;
    },
    get config() {
      return current().testApp.config;
    },
    get services() {
      return current().testApp.app.services;
    },
    get canvas() {
      const { canvas } = current();
      if (!canvas) throw new Error('This test app was built without a demo Canvas: pass `canvas: true`.');
      return canvas;
    },
  };
}

/** Signs a teacher up and in through the API; returns the bearer header and the refresh cookie. */
export async function signUpAndIn(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; fullName?: string } = {},
) {
  const email = overrides.email ?? `teacher-${randomBytes(4).toString('hex')}@school.test`;
  const password = overrides.password ?? 'correct horse';
  const fullName = overrides.fullName ?? 'Maya Angelou';
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password, fullName } });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const body = signIn.json<{ session: { access_token: string; user: { id: string } } }>();
  const cookie = signIn.cookies.find((c) => c.name === 'margin_refresh');
  return {
    email,
    password,
    userId: body.session.user.id,
    accessToken: body.session.access_token,
    headers: { authorization: `Bearer ${body.session.access_token}` },
    refreshCookie: cookie!.value,
  };
}

/** Rows of a raw SQL query, on either engine (both drivers answer with `{ rows }`). */
export async function queryRows<T = Record<string, unknown>>(db: DatabaseHandle['db'], query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
