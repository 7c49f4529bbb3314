import type { DestinationStream } from 'pino';
import type { SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { openDatabase, type DatabaseHandle } from '@/server/db/connection';
import type { MailTransport } from '@/server/adapters/mail/port';
import type { AiModel } from '@/server/adapters/ai';

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; config: Config; close(): Promise<void> };

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

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailTransport?: MailTransport | null;
    database?: DatabaseHandle;
    /** A model to draft with (the fake AI server's); without it, the configured one (none in tests). */
    aiModel?: AiModel | null;
    /** Sees every route as it is registered. */
    onRoute?: (route: RouteOptions) => void;
    /** Receives the server's log lines at `info` and above; without it the server logs nothing. */
    logStream?: DestinationStream;
  } = {},
): Promise<TestApp> {
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
