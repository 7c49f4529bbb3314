import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { subscribers } from '@/server/db/schema';
import { queryRows, type TestApp } from '@/server/test/test-app';

type Headers = Record<string, string>;
/** A test app of either kind (`buildTestApp` or `createTestApp`): these helpers read its database. */
type WithDatabase = Pick<TestApp, 'database'>;

export async function getJson(app: FastifyInstance, url: string, headers: Headers) {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function postJson(app: FastifyInstance, url: string, headers: Headers, payload?: unknown) {
  return app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function subscriberRow(harness: WithDatabase, userId: string) {
  const [row] = await harness.database.db.select().from(subscribers).where(eq(subscribers.userId, userId));
  return row ?? null;
}

/** The teacher's audit actions, without the sign-up and sign-in ones. */
export async function auditActions(harness: WithDatabase, userId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    harness.database.db,
    sql`select action from audit_logs where user_id = ${userId} and action not like 'USER_%' order by created_at, action`,
  );
  return rows.map((row) => row.action);
}

export async function countRows(
  harness: WithDatabase,
  table: 'billing_events' | 'submission_purchases' | 'billing_checkouts',
  userId?: string,
) {
  const query =
    table === 'billing_events' || !userId
      ? sql`select count(*)::int as n from ${sql.identifier(table)}`
      : sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`;
  const [row] = await queryRows<{ n: number }>(harness.database.db, query);
  return row!.n;
}

/** The billing period key of a cycle anchored at `anchor`, for a date inside its first month. */
export function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}
