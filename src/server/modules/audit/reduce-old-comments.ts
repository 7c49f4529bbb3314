import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';
import { auditLogs, institutionMembers, institutions } from '@/server/db/schema';

/**
 * Comments a teacher sent to Canvas are kept in the audit log only as long as drafts are; after that
 * each is reduced to its SHA-256 (`sha256:<hex>`), which still shows that a given text was the one
 * sent, and the record is marked `comments_reduced`. Every string under a `comment` or `comments`
 * key counts, at any depth (an assignment's comment, each quiz question's).
 *
 * As long as drafts are: `keepForMs` (the installation's), or less where the teacher who recorded it
 * belongs, when the sweep runs, to an institution that keeps drafts for fewer hours (decision 063).
 */
export const COMMENTS_REDUCED = 'comments_reduced';
const BATCH = 200;

export async function reduceOldComments(db: Database, keepForMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepForMs);
  const nowAt = now.toISOString();
  // Older than the institution's draft retention, for a record of one of its members.
  const pastInstitutionRetention = sql`exists (
    select 1 from ${institutionMembers}
    join ${institutions} on ${institutions.id} = ${institutionMembers.institutionId}
    where ${institutionMembers.userId} = ${auditLogs.userId}
      and ${institutions.draftRetentionHours} is not null
      and ${auditLogs.createdAt} < ${nowAt}::timestamptz - ${institutions.draftRetentionHours} * interval '1 hour'
  )`;
  let reduced = 0;
  for (;;) {
    const rows = await db
      .select({ id: auditLogs.id, oldValues: auditLogs.oldValues, newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(
        and(
          or(lt(auditLogs.createdAt, cutoff), pastInstitutionRetention),
          sql`(coalesce(${auditLogs.newValues}::text, '') like '%"comment%' or coalesce(${auditLogs.oldValues}::text, '') like '%"comment%')`,
          sql`not coalesce(jsonb_exists(${auditLogs.newValues}, ${COMMENTS_REDUCED}), false)`,
        ),
      )
      .limit(BATCH);
    for (const row of rows) {
      const newValues = hashComments(row.newValues);
      await db
        .update(auditLogs)
        .set({
          oldValues: hashComments(row.oldValues),
          newValues: isRecord(newValues) ? { ...newValues, [COMMENTS_REDUCED]: true } : { [COMMENTS_REDUCED]: true },
        })
        .where(eq(auditLogs.id, row.id));
    }
    reduced += rows.length;
    if (rows.length < BATCH) return reduced;
  }
}

/** Runs `reduceOldComments` now and every `everyMs`; `stop` ends it once the sweep in hand is done. */
export function scheduleCommentReduction(
  db: Database,
  log: FastifyBaseLogger,
  options: { keepForMs: number; everyMs: number },
): { stop(): Promise<void> } {
  let inHand: Promise<void> = Promise.resolve();
  const run = () => {
    inHand = reduceOldComments(db, options.keepForMs).then(
      (count) => {
        if (count > 0) log.info({ count }, 'audit comments older than drafts reduced to hashes');
      },
      (error: unknown) => log.warn({ err: error }, 'audit comments could not be reduced; the next sweep tries again'),
    );
  };
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await inHand;
    },
  };
}

function hashComments(value: unknown, underComment = false): unknown {
  if (typeof value === 'string')
    return underComment ? `sha256:${createHash('sha256').update(value).digest('hex')}` : value;
  if (Array.isArray(value)) return value.map((item) => hashComments(item, underComment));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        hashComments(item, underComment || key === 'comment' || key === 'comments'),
      ]),
    );
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
