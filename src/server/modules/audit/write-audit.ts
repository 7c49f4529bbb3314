import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';
import { auditLogs } from '@/server/db/schema';
import { cleanStorableStrings } from '@/shared/storable-text';

export type AuditEntry = {
  userId: string | null;
  action: string;
  tableName?: string;
  recordId?: string;
  oldValues?: unknown;
  newValues?: unknown;
};

export type AuditWriter = (entry: AuditEntry) => Promise<void>;

/**
 * The audit log must never block the user, and must never lose a record quietly. Values are cleaned
 * of what Postgres's JSONB refuses (NUL bytes, lone surrogates, e.g. in a comment that came from
 * Canvas), the write is tried twice, and a record that still cannot be written is logged at `fatal`
 * with the action, user and record so that an operator's alert sees it and can restore it.
 * Callers leave secrets (tokens, passwords) out.
 */
export function createAuditWriter(db: Database, log: FastifyBaseLogger): AuditWriter {
  return async (entry) => {
    const row = {
      userId: entry.userId,
      action: entry.action,
      tableName: entry.tableName ?? null,
      recordId: entry.recordId ?? null,
      oldValues: cleanStorableStrings(structuredClone(entry.oldValues ?? null)),
      newValues: cleanStorableStrings(structuredClone(entry.newValues ?? null)),
    };
    let lastError: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await db.insert(auditLogs).values(row);
        return;
      } catch (error) {
        lastError = error;
      }
    }
    log.fatal(
      {
        err: lastError,
        audit: { action: row.action, userId: row.userId, tableName: row.tableName, recordId: row.recordId },
      },
      'AUDIT_WRITE_FAILED: an audit record could not be written',
    );
  };
}
