import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from './db/connection';
import type { AuditWriter } from './modules/audit/write-audit';
import type { CanvasAccess } from './modules/canvas/canvas-access';
import type { ClassDraftQueue } from './modules/grading/assignments/draft-whole-class';
import type { GradeDrafter } from './modules/grading/kernel/drafter-port';
import type { DraftStore } from './modules/grading/kernel/draft-store';
import type { UsageStore } from './modules/usage/usage-store';

/**
 * What the grading slice's routes still receive in one object: the last of the old bag, kept only
 * for the `gradingRoutes` registration in app.ts. Every other route plugin takes a narrow options
 * type of its own (decision 029); this file goes once grading does too.
 */
export type AppContext = {
  db: Database;
  authenticate: onRequestAsyncHookHandler;
  canvas: CanvasAccess;
  audit: AuditWriter;
  /** How grading drafts: the model (calibrated when AI_CALIBRATE asks) or the offline engine. */
  gradeDrafter: GradeDrafter;
  drafts: DraftStore;
  usage: UsageStore;
  /** The durable queue's whole-class drafting (src/server/jobs). */
  jobs: { classDrafts: ClassDraftQueue };
};
