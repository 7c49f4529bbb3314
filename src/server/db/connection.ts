import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
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
  const onDisk = dataDir && dataDir !== 'memory' ? path.resolve(dataDir) : null;
  if (onDisk) mkdirSync(path.dirname(onDisk), { recursive: true });
  const client = onDisk ? new PGlite(onDisk) : new PGlite();
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: folder });
  if (!onDisk) return { db: db as unknown as Database, kind: 'embedded', close: () => client.close() };
  // PGlite writes its files 0666 whatever the umask; the folder's 0700 already shuts others out of
  // the files it adds later, and a sweep narrows those too.
  keepPrivate(onDisk);
  const sweep = setInterval(() => keepPrivate(onDisk), PRIVATE_SWEEP_MS);
  sweep.unref();
  return {
    db: db as unknown as Database,
    kind: 'embedded',
    async close() {
      clearInterval(sweep);
      await client.close();
      keepPrivate(onDisk);
    },
  };
}

const PRIVATE_SWEEP_MS = 10 * 60_000;

/**
 * Makes `folder` and everything in it readable by its owner only: folders 0700, files 0600. The
 * embedded database's files hold password hashes, comments and messages. Symbolic links, what
 * another user owns and a shared sticky folder (a DATA_DIR of /tmp) are left alone; a change the
 * system refuses is skipped, never fatal.
 */
export function keepPrivate(folder: string): void {
  const stat = lstatSync(folder, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink() || stat.uid !== process.getuid?.()) return;
  try {
    if (stat.isDirectory()) {
      if (stat.mode & 0o1000) return;
      if ((stat.mode & 0o777) !== 0o700) chmodSync(folder, 0o700);
      for (const name of readdirSync(folder)) keepPrivate(path.join(folder, name));
    } else if (stat.isFile() && (stat.mode & 0o777) !== 0o600) {
      chmodSync(folder, 0o600);
    }
  } catch {
    // A file removed meanwhile, or a file system without modes.
  }
}
