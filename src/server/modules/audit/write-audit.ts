import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';
import { auditLogs } from '@/server/db/schema';

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
 * The audit log must never block the user: a failed write is logged and swallowed.
 * Values are stored as given; callers leave secrets (tokens, passwords) out.
 */
export function createAuditWriter(db: Database, log: FastifyBaseLogger): AuditWriter {
  return async (entry) => {
    try {
      await db.insert(auditLogs).values({
        userId: entry.userId,
        action: entry.action,
        tableName: entry.tableName ?? null,
        recordId: entry.recordId ?? null,
        oldValues: entry.oldValues ?? null,
        newValues: entry.newValues ?? null,
      });
    } catch (error) {
      log.error({ err: error, action: entry.action }, 'audit log write failed');
    }
  };
}
