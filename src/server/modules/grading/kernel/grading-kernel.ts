import type { AppContext } from '@/server/app-context';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import type { DraftStore } from './draft-store';

/** What the grading slice builds once and hands to its three variants. */
export type GradingKernel = { drafts: DraftStore; usage: UsageStore };

export type GradingPluginOptions = { context: AppContext; kernel: GradingKernel };
