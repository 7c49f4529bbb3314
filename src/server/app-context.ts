import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { Mailer } from './adapters/mail/mailer';
import type { AuditWriter } from './modules/audit/write-audit';
import type { AccessTokens } from './modules/auth/access-token';
import type { AuthStore } from './modules/auth/auth-store';
import type { SignUpOutcome } from './modules/auth/sign-up';
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
  /** Mails the new teacher a welcome, or the owner of an e-mail that already had an account a note. */
  sendSignUpMail: (outcome: SignUpOutcome) => void;
};
