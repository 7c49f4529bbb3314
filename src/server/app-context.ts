import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { Mailer } from './adapters/mail/mailer';
import type { AuditWriter } from './modules/audit/write-audit';
import type { AccessTokens } from './modules/auth/access-token';
import type { AuthStore } from './modules/auth/auth-store';
import type { SignUpOutcome } from './modules/auth/sign-up';
import type { CanvasAccess } from './modules/canvas/canvas-access';
import type { AiModel } from './adapters/ai';
import type { GradeDrafter } from './modules/grading/kernel/drafter-port';
import type { DraftStore } from './modules/grading/kernel/draft-store';
import type { UsageStore } from './modules/usage/usage-store';
import type { ProfileStore } from './modules/profile/profile-store';
import type { Jobs } from './jobs';

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
  /** The configured language model; null without one, and each feature takes its offline path. */
  ai: AiModel | null;
  /** How grading drafts: the model (calibrated when AI_CALIBRATE asks) or the offline engine. */
  gradeDrafter: GradeDrafter;
  drafts: DraftStore;
  usage: UsageStore;
  profiles: ProfileStore;
  /** The durable job queue (whole-class drafting, mail, the draft purge). */
  jobs: Jobs;
  /** Short work that outlives its request (a mail hand-off); awaited when the app closes. */
  trackBackgroundWork(work: Promise<unknown>): void;
  /** Mails the new teacher a welcome, or the owner of an e-mail that already had an account a note. */
  sendSignUpMail: (outcome: SignUpOutcome) => void;
};
