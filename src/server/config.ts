import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  AI_PROVIDER: z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']).default('offline'),
  AI_MODEL: z.string().min(1).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_BASE_URL: z.url().optional(),
  AI_CALIBRATE: booleanFromEnv.default(false),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Margin <hello@margin.example>'),
  SUPPORT_EMAIL: z.email().default('support@margin.example'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  BILLING_TEST_MODE: booleanFromEnv.optional(),
  DEMO_CANVAS: booleanFromEnv.optional(),
  CANVAS_ALLOW_PRIVATE_HOSTS: booleanFromEnv.optional(),
  /** A Canvas developer key for this installation (a single school): all three or none. */
  CANVAS_OAUTH_URL: z.url().optional(),
  CANVAS_OAUTH_CLIENT_ID: z.string().trim().min(1).optional(),
  CANVAS_OAUTH_CLIENT_SECRET: z.string().trim().min(1).optional(),
  CANVAS_OAUTH_ENFORCE_SCOPES: booleanFromEnv.default(false),
  /** How long the demo Canvas's OAuth2 access tokens last (Canvas: an hour); browser tests shorten it. */
  DEMO_CANVAS_TOKEN_SECONDS: z.coerce.number().int().min(1).max(86400).default(3600),
  TRUST_PROXY: z.string().trim().min(1).optional(),
  SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Seconds before a job whose instance went silent is given to another instance. */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(3600).default(300),
  /** Seconds one student's draft in a whole-class run may take before it is stopped and counted failed. */
  JOB_DRAFT_BUDGET_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Minutes a whole-class run may take; students not drafted by then are counted failed. */
  JOB_RUN_BUDGET_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(90),
  /** Seconds between an instance's heartbeats; three missed and its drafts go to another instance. */
  JOB_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(10),
  /** Model calls the whole installation may make per hour (every teacher and feature together). */
  AI_CALLS_PER_HOUR: z.coerce.number().int().min(1).default(6000),
  /** Seconds a stopping instance waits for its jobs before handing them back. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  environment: 'development' | 'production' | 'test';
  /**
   * NODE_ENV=production was set on purpose: a deployment, not `npm start` on a laptop. Conveniences
   * that must never face the public (the demo Canvas, test-mode billing) are off unless asked for.
   */
  declaredProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  ai: {
    provider: 'offline' | 'openai' | 'anthropic' | 'openai-compatible';
    model: string | undefined;
    apiKey: string | undefined;
    baseUrl: string | undefined;
    calibrate: boolean;
    /** The installation's ceiling on model calls per hour (AI_CALLS_PER_HOUR). */
    callsPerHour: number;
  };
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined };
  /** Simulated checkout and portal when Stripe is not configured; off in production unless BILLING_TEST_MODE=true. */
  billingTestMode: boolean;
  demoCanvas: boolean;
  canvasAllowPrivateHosts: boolean;
  /** The installation's Canvas developer key (CANVAS_OAUTH_*), for "Connect with Canvas"; null without one. */
  canvasOAuth: { canvasUrl: string; clientId: string; clientSecret: string; enforcesScopes: boolean } | null;
  demoCanvasTokenSeconds: number;
  logLevel: string;
  /** Fastify's trustProxy: which hops may set X-Forwarded-For/-Proto (README, configuration). */
  trustProxy: boolean | string;
  /** Sign-ups accepted per client address per hour. */
  signUpLimitPerHour: number;
  jobs: {
    expireSeconds: number;
    shutdownSeconds: number;
    draftBudgetSeconds: number;
    runBudgetSeconds: number;
    heartbeatSeconds: number;
  };
};

/**
 * Reads the environment once, at boot. Everything is optional: without any variable the product
 * runs with its embedded defaults. A bad value stops the start with a message naming the variable.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const oauthParts = [env.CANVAS_OAUTH_URL, env.CANVAS_OAUTH_CLIENT_ID, env.CANVAS_OAUTH_CLIENT_SECRET];
  if (oauthParts.some(Boolean) && !oauthParts.every(Boolean))
    throw new Error(
      'Invalid configuration:\n  CANVAS_OAUTH_URL, CANVAS_OAUTH_CLIENT_ID and CANVAS_OAUTH_CLIENT_SECRET are set together or not at all',
    );
  const declaredProduction = environment.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    environment: env.NODE_ENV,
    declaredProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    appSecret: env.APP_SECRET ?? readOrCreateSecret(dataDir),
    ai: {
      provider: env.AI_PROVIDER,
      model: env.AI_MODEL,
      apiKey: env.AI_API_KEY,
      baseUrl: env.AI_BASE_URL,
      calibrate: env.AI_CALIBRATE,
      callsPerHour: env.AI_CALLS_PER_HOUR,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET },
    billingTestMode: env.BILLING_TEST_MODE ?? !declaredProduction,
    demoCanvas: env.DEMO_CANVAS ?? !declaredProduction,
    canvasAllowPrivateHosts: env.CANVAS_ALLOW_PRIVATE_HOSTS ?? env.NODE_ENV !== 'production',
    canvasOAuth:
      env.CANVAS_OAUTH_URL && env.CANVAS_OAUTH_CLIENT_ID && env.CANVAS_OAUTH_CLIENT_SECRET
        ? {
            canvasUrl: env.CANVAS_OAUTH_URL.replace(/\/+$/, ''),
            clientId: env.CANVAS_OAUTH_CLIENT_ID,
            clientSecret: env.CANVAS_OAUTH_CLIENT_SECRET,
            enforcesScopes: env.CANVAS_OAUTH_ENFORCE_SCOPES,
          }
        : null,
    demoCanvasTokenSeconds: env.DEMO_CANVAS_TOKEN_SECONDS,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, env.NODE_ENV),
    signUpLimitPerHour: env.SIGN_UP_LIMIT_PER_HOUR,
    jobs: {
      expireSeconds: env.JOB_EXPIRE_SECONDS,
      shutdownSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
      draftBudgetSeconds: env.JOB_DRAFT_BUDGET_SECONDS,
      runBudgetSeconds: env.JOB_RUN_BUDGET_MINUTES * 60,
      heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
    },
  };
}

/**
 * TRUST_PROXY: `true` or `false`, or a comma-separated list of addresses and CIDR ranges whose
 * X-Forwarded-* headers are believed (`loopback`, `10.0.0.0/8`, …). Unset: `loopback` in
 * production, off otherwise.
 */
function parseTrustProxy(value: string | undefined, environment: string): boolean | string {
  if (value === undefined) return environment === 'production' ? 'loopback' : false;
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/** The generated secret survives restarts, so sessions and encrypted tokens stay valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
