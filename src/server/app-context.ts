import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { Mailer } from './adapters/mail/mailer';
import type { AuditWriter } from './modules/audit/write-audit';
import type { AccessTokens } from './modules/auth/access-token';
import type { AuthStore, UserRecord } from './modules/auth/auth-store';
import type { CanvasAccess } from './modules/canvas/canvas-access';
import type { AiEngine } from './adapters/ai';

/** What route plugins receive from the composition root (app.ts). */
export type AppContext = {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  mailer: Mailer;
  audit: AuditWriter;
  accessTokens: AccessTokens;
  authStore: AuthStore;
  authenticate: onRequestAsyncHookHandler;
  canvas: CanvasAccess;
  ai: AiEngine;
  /** Work that outlives its request (class drafting); awaited when the app closes. */
  trackBackgroundWork(work: Promise<unknown>): void;
  sendWelcomeMail: (user: UserRecord) => void;
};
