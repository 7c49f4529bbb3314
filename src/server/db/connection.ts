import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '@/server/paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the rest of the server sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'embedded' | 'server';
  close(): Promise<void>;
};

/**
 * Opens the database and applies the committed migrations (from `folder`, the repository's
 * `migrations/` unless given): on the Postgres server of `databaseUrl` when it is set, else embedded
 * (PGlite) with its files in `dataDir`, or in memory when `dataDir` is 'memory' or missing.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  folder?: string;
}): Promise<DatabaseHandle> {
  const folder = options.folder ?? migrationsFolder;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', (error) => console.warn('Postgres connection lost:', error.message));
    const db = drizzlePostgres(pool, { schema, casing: 'snake_case' });
    await migratePostgres(db, { migrationsFolder: folder });
    return { db: db as unknown as Database, kind: 'server', close: () => pool.end() };
  }
  const dataDir = options.dataDir;
  if (dataDir && dataDir !== 'memory') mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = dataDir && dataDir !== 'memory' ? new PGlite(path.resolve(dataDir)) : new PGlite();
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: folder });
  return { db: db as unknown as Database, kind: 'embedded', close: () => client.close() };
}
