import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { keepPrivate, openDatabase } from './db/connection';

// What the server writes under DATA_DIR (the secret, the embedded database) is its owner's alone:
// new folders 0700 and files 0600, and what is already there narrowed to that.
process.umask(0o077);
const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
keepPrivate(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/db` });
const app = await buildApp({ config, db: database.db });
// Closing the app stops taking requests and jobs, finishes or hands back the jobs in hand, then
// the database closes last.
app.addHook('onClose', () => database.close());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, shutting down`);
    // A second signal, or a shutdown that hangs past its budget, ends the process at once.
    const deadline = setTimeout(() => process.exit(1), (config.jobs.shutdownSeconds + 10) * 1000);
    deadline.unref();
    process.once(signal, () => process.exit(1));
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Margin is ready on ${config.publicUrl} (${database.kind} database)`);
