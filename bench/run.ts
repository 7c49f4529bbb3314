/**
 * `npm run bench`: builds the client, starts the app on a free loopback port with a throwaway
 * embedded database, and prints figures. Numbers, not assertions: compare them across changes.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/connection';
import { clientDistFolder } from '@/server/core/paths';
import { benchAuth } from './bench-auth';
import { routeJavaScriptSize } from './bundle';
import { printTable } from './load';

const HOME_BUDGET_BYTES = 120 * 1024;

async function main() {
  console.log('Building the client...');
  execSync('npx vite build --logLevel error', { stdio: 'inherit' });
  const home = routeJavaScriptSize(clientDistFolder, 'routes/home.tsx');
  printTable('Bundle', [
    ['home page JavaScript (gzip)', `${(home.gzipBytes / 1024).toFixed(1)} KB in ${home.files.length} files (budget ${HOME_BUDGET_BYTES / 1024} KB)`],
  ]);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'margin-bench-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error', PORT: '0', APP_SECRET: 'bench-secret-that-is-long-enough-for-keys' });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await benchAuth(address);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
