import { AI_LINE } from '@/shared/ai-line';
import type { AiModelName } from '@/server/adapters/ai';
import type { InstitutionStore } from './institution-store';

/**
 * What an institution decides for its teachers' work (decision 063), read by the composition root
 * for grading: its AI, how long drafts are kept and the AI line on comments. A teacher on her own,
 * or of an institution that set nothing, gets null: the installation's.
 */
export type InstitutionAi = {
  institutionId: string;
  provider: AiModelName;
  model: string | null;
  apiKey: string | null;
  baseUrl: string | null;
};

/** The AI an institution supplies for its teachers, with its key opened; null when it supplies none. */
export async function institutionAiFor(
  deps: { store: InstitutionStore; open: (sealed: string) => string },
  userId: string,
): Promise<InstitutionAi | null> {
  const membership = await deps.store.membershipOf(userId);
  const institution = membership?.institution;
  if (!institution?.aiProvider) return null;
  return {
    institutionId: institution.id,
    provider: institution.aiProvider as AiModelName,
    model: institution.aiModel,
    apiKey: institution.aiApiKey ? deps.open(institution.aiApiKey) : null,
    baseUrl: institution.aiBaseUrl,
  };
}

/** How long a teacher's drafts are kept, in milliseconds: her institution's choice, at most `installationMs`. */
export async function draftLifetimeFor(store: InstitutionStore, userId: string, installationMs: number) {
  const hours = (await store.membershipOf(userId))?.institution.draftRetentionHours;
  return hours ? Math.min(installationMs, hours * 60 * 60 * 1000) : installationMs;
}

/** The line added to a teacher's comments when her institution asks for it: the teacher's own line, one wording. */
export const INSTITUTION_AI_LINE = AI_LINE;

/** Whether the teacher's institution asks for the AI line on all its teachers' comments. */
export async function institutionAddsAiLine(store: InstitutionStore, userId: string): Promise<boolean> {
  const membership = await store.membershipOf(userId);
  return membership?.institution.addAiLine === true;
}

/** The line added to a teacher's comments when her institution asks for it; null when it does not. */
export async function institutionAiLine(store: InstitutionStore, userId: string): Promise<string | null> {
  return (await institutionAddsAiLine(store, userId)) ? INSTITUTION_AI_LINE : null;
}
