/**
 * Changes the plan of an institution (decision 062):
 *   npm run institution:plan -- --name "Northridge High School" --allowance 3000
 *   npm run institution:plan -- --name "Northridge High School" --unlimited
 * It writes to the database the server uses (DATABASE_URL, or the embedded one under DATA_DIR). The
 * embedded database is opened by one process at a time: stop the server first, or run Postgres.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { createAuditWriter } from '../src/server/modules/audit/write-audit';
import { createInstitutionStore } from '../src/server/modules/institutions/institution-store';

const { values } = parseArgs({
  options: { name: { type: 'string' }, allowance: { type: 'string' }, unlimited: { type: 'boolean' } },
});
const name = values.name?.trim();
const allowance = values.unlimited ? null : Number(values.allowance);
if (
  !name ||
  (allowance !== null && !(Number.isInteger(allowance) && allowance >= 0)) ||
  (values.unlimited && values.allowance)
) {
  console.error(
    'Usage: npm run institution:plan -- --name "School name" (--allowance submissions-a-month | --unlimited)',
  );
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  const store = createInstitutionStore(database.db);
  const found = await store.findByName(name);
  if (found.length !== 1) {
    console.error(
      found.length === 0 ? `No institution is named "${name}".` : `Several institutions are named "${name}".`,
    );
    process.exitCode = 1;
  } else {
    const institution = found[0]!;
    await store.setPlan(institution.id, allowance);
    const audit = createAuditWriter(database.db, pino({ level: 'warn' }));
    await audit({
      userId: null,
      action: 'INSTITUTION_PLAN_CHANGED',
      tableName: 'institutions',
      recordId: institution.id,
      oldValues: { monthly_allowance: institution.monthlyAllowance },
      newValues: { monthly_allowance: allowance },
    });
    console.log(
      `${name} is now on ${allowance === null ? 'unlimited submissions' : `${allowance} submissions a month shared by its teachers`}.`,
    );
  }
} finally {
  await database.close();
}
