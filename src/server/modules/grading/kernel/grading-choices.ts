import { and, eq } from 'drizzle-orm';
import type { GradingChoices, GradingOptions } from '@/shared/schemas/ai';
import type { Database } from '@/server/db/connection';
import { gradingChoices } from '@/server/db/schema';

/** The spec's default when the teacher has not chosen on this screen: the rubric is off. */
export const DEFAULT_GRADING_CHOICES: GradingChoices = { useRubric: false };

/** The teacher's remembered choices on one grading screen (decision 066), or the defaults. */
export async function readGradingChoices(db: Database, userId: string, scope: string): Promise<GradingChoices> {
  return (await storedChoices(db, userId, scope)) ?? DEFAULT_GRADING_CHOICES;
}

async function storedChoices(db: Database, userId: string, scope: string): Promise<GradingChoices | null> {
  const [row] = await db
    .select({ useRubric: gradingChoices.useRubric })
    .from(gradingChoices)
    .where(and(eq(gradingChoices.userId, userId), eq(gradingChoices.scope, scope)));
  return row ? { useRubric: row.useRubric } : null;
}

/** Remembers the teacher's choices on one grading screen. */
export async function saveGradingChoices(
  db: Database,
  userId: string,
  scope: string,
  choices: GradingChoices,
  now = new Date(),
): Promise<GradingChoices> {
  await db
    .insert(gradingChoices)
    .values({ userId, scope, useRubric: choices.useRubric, updatedAt: now })
    .onConflictDoUpdate({
      target: [gradingChoices.userId, gradingChoices.scope],
      set: { useRubric: choices.useRubric, updatedAt: now },
    });
  return choices;
}

/**
 * The options a whole-class run drafts with: the rubric as the teacher last chose it on this
 * screen, when she has chosen; else as the request says.
 */
export async function withRememberedChoices(
  db: Database,
  userId: string,
  scope: string,
  options: GradingOptions,
): Promise<GradingOptions> {
  const stored = await storedChoices(db, userId, scope);
  return stored ? { ...options, useRubric: stored.useRubric } : options;
}
