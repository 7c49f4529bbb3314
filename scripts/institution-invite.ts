/**
 * Prints an invitation to create an institution on Margin (the Institutional Plan is sold by quote):
 *   npm run institution:invite -- --name "Northridge High School" --email it-admin@northridge.edu [--allowance 2000]
 * `--allowance` is the plan sold: submissions a calendar month shared by its teachers; without it, unlimited
 * (decision 062). `npm run institution:plan` changes it later.
 * The code is signed with APP_SECRET (from the environment, or DATA_DIR/app-secret as the server
 * reads it), so the server need not be running. It is valid for 14 days and creates one institution.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { createInvitationCode, INVITATION_DAYS } from '../src/server/modules/institutions/invitation-code';

const { values } = parseArgs({
  options: { name: { type: 'string' }, email: { type: 'string' }, allowance: { type: 'string' } },
});
const name = values.name?.trim();
const email = values.email?.trim();
const allowance = values.allowance === undefined ? null : Number(values.allowance);
if (
  !name ||
  !email ||
  !email.includes('@') ||
  (allowance !== null && !(Number.isInteger(allowance) && allowance >= 0))
) {
  console.error(
    'Usage: npm run institution:invite -- --name "School name" --email admin@school.edu [--allowance submissions-a-month]',
  );
  process.exit(1);
}
const config = loadConfig();
const code = await createInvitationCode(config.appSecret, {
  institutionName: name,
  adminEmail: email,
  monthlyAllowance: allowance,
});
const plan = allowance === null ? 'unlimited submissions' : `${allowance} submissions a month shared by its teachers`;
console.log(
  `Invitation code for ${name} (${plan}), to be used by ${email} within ${INVITATION_DAYS} days on ${config.publicUrl}:\n`,
);
console.log(`  ${code}\n`);
console.log(`She opens this link, signs in or creates her account as ${email}, and creates the institution:\n`);
console.log(`  ${config.publicUrl}/institution?code=${encodeURIComponent(code)}\n`);
console.log(
  `(or, signed in as ${email}, pastes the code on ${config.publicUrl}/institution; the API is POST /api/institutions.)`,
);
