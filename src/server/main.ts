import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/db` });
const app = await buildApp({ config, db: database.db });
app.addHook('onClose', () => database.close());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, shutting down`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Margin is ready on ${config.publicUrl} (${database.kind} database)`);
