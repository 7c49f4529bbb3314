import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '@/server/db/connection';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import type { ClassDraftQueue } from './class-draft-queue';
import type { CommentBankStore } from './comment-bank-store';
import type { DraftStore } from './draft-store';
import type { DriftCheck } from './drift-port';
import type { GradeDrafter } from './drafter-port';
import type { GradeSaveStore } from './grade-save-store';
import type { GradingPreferencesStore } from './grading-preferences-store';

/**
 * What grading uses, and nothing else: the composition root (app.ts) builds each once and hands
 * them to the three variants' routes.
 */
export type GradingDependencies = {
  authenticate: onRequestAsyncHookHandler;
  /** The draft allowance's counter (kernel/draft-rate-limit.ts). */
  db: Database;
  canvas: CanvasAccess;
  audit: AuditWriter;
  usage: UsageStore;
  drafts: DraftStore;
  /** Margin's last save per student: the comment to edit, the period paid, what Undo puts back (decision 051). */
  saves: GradeSaveStore;
  /** The teacher's grading choices: the AI line on her comments, drift notes. */
  preferences: GradingPreferencesStore;
  /** Whether her institution adds the AI line to all its teachers' comments (decision 063). */
  institutionAddsAiLine: (teacherId: string) => Promise<boolean>;
  /** How grading drafts: the model (calibrated when AI_CALIBRATE asks) or the offline engine. */
  gradeDrafter: GradeDrafter;
  /** The drafter for one teacher: her institution's model when it supplies one (decision 063), else gradeDrafter. */
  drafterFor: (teacherId: string) => Promise<GradeDrafter>;
  /** Her kept comments, offered back on later students (decision 061). */
  commentBank: CommentBankStore;
  /** Whether a saved grade is far from her earlier ones (decision 060): the offline engine's measures. */
  driftCheck: DriftCheck;
  /** Where a whole-class run's students go. */
  classDrafts: ClassDraftQueue;
};

export type GradingPluginOptions = { dependencies: GradingDependencies };
