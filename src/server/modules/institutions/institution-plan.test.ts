import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAuditWriter } from '@/server/modules/audit/write-audit';
import { reserveCredit } from '@/server/modules/usage/reserve-credit';
import { createUsageStore } from '@/server/modules/usage/usage-store';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';
import { createInstitutionStore } from './institution-store';
import { createInvitationCode } from './invitation-code';

const harness = buildTestApp();
type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Person, payload?: object) =>
  harness.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** The stores as the composition root builds them (app.ts): usage asks institutions for the plan. */
const credits = () => {
  const institutions = createInstitutionStore(harness.database.db);
  return {
    store: createUsageStore(harness.database.db, (userId) => institutions.planOf(userId)),
    audit: createAuditWriter(harness.database.db, harness.app.log),
  };
};
const spend = (teacher: Person) =>
  reserveCredit(credits(), { id: teacher.userId, email: teacher.email }, { recordId: 'test', details: {} });

async function lastLinkTo(email: string) {
  const rows = await queryRows<{ text_body: string }>(
    harness.database.db,
    sql`select text_body from mail_outbox where to_address = ${email} order by created_at desc limit 1`,
  );
  return /\/join\?token=([\w-]+)/.exec(rows[0]?.text_body ?? '')![1]!;
}

async function institutionWith(allowance: number | null, name: string) {
  const admin = await signUpAndIn(harness.app, { email: `admin-${Math.random()}@school.test` });
  const code = await createInvitationCode(harness.config.appSecret, {
    institutionName: name,
    adminEmail: admin.email,
    monthlyAllowance: allowance,
  });
  expect((await call('POST', '/api/institutions', admin, { code })).statusCode).toBe(201);
  const join = async (fullName: string) => {
    const teacher = await signUpAndIn(harness.app, { fullName });
    await call('POST', '/api/institutions/current/invitations', admin, { email: teacher.email });
    const joined = await call('POST', '/api/institutions/join', teacher, { token: await lastLinkTo(teacher.email) });
    expect(joined.statusCode).toBe(200);
    return teacher;
  };
  return { admin, join };
}

describe("an institution's plan", () => {
  let pooled: Awaited<ReturnType<typeof institutionWith>>;
  beforeAll(async () => {
    pooled = await institutionWith(3, "St. Mary's Collège");
  });

  it('its teachers draw on one pooled monthly allowance, not on their own plans', async () => {
    const aoife = await pooled.join('Aoife Ní Bhriain');
    const jose = await pooled.join('José Álvarez');
    const usage = (await call('GET', '/api/usage', aoife)).json();
    expect(usage).toMatchObject({
      subscription_tier: "Institutional Plan · St. Mary's Collège",
      submissions_used: 0,
      total_limit: 3,
    });
    expect(usage.billing_period).toMatch(/^institution:[\w-]+:\d{4}-\d{2}$/);
    await spend(aoife);
    await spend(jose);
    await spend(jose);
    await expect(spend(aoife)).rejects.toMatchObject({ code: 'USAGE_LIMIT_REACHED' });
    expect((await call('GET', '/api/usage', jose)).json()).toMatchObject({ submissions_used: 3, total_limit: 3 });

    // Her own Free Trial is untouched: it is hers again if she leaves.
    const [trial] = await queryRows(
      harness.database.db,
      sql`select count(*)::int as n from usage_tracking where user_id = ${aoife.userId} and billing_period = 'trial'`,
    );
    expect(trial).toEqual({ n: 0 });

    const members = (await call('GET', '/api/institutions/current/members', pooled.admin)).json().members;
    const month = new Date().toISOString().slice(0, 7);
    expect(members.find((m: { fullName: string }) => m.fullName === 'José Álvarez').usageByMonth).toEqual([
      { month, used: 2 },
    ]);
  });

  it('a teacher with her own paid plan keeps it: once the pool is spent, her own plan pays', async () => {
    const paying = await pooled.join('Ōta Haruki');
    await harness.database.db.execute(sql`
      insert into subscribers (user_id, email, subscribed, subscription_tier, billing_interval, billing_cycle_start)
      values (${paying.userId}, ${paying.email}, true, 'Lite Plan', 'month', now() - interval '2 days')`);
    const reservation = await spend(paying);
    expect(reservation.summary.subscription_tier).toBe('Lite Plan');
    expect(reservation.periodKey).not.toMatch(/^institution:/);
  });

  it('an unlimited plan never refuses', async () => {
    const unlimited = await institutionWith(null, 'Ecole Unlimited');
    const teacher = await unlimited.join('Brontë Smith');
    for (let index = 0; index < 12; index += 1) await spend(teacher);
    expect((await call('GET', '/api/usage', teacher)).json()).toMatchObject({ submissions_used: 12 });
  });

  it('a removed teacher is back on her own plan', async () => {
    const leaving = await pooled.join('Zoë Leaving');
    await call('DELETE', `/api/institutions/current/members/${leaving.userId}`, pooled.admin);
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: leaving.email, password: leaving.password },
    });
    const headers = { authorization: `Bearer ${signIn.json().session.access_token}` };
    const usage = (await harness.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
    expect(usage).toMatchObject({ subscription_tier: 'Free Trial', billing_period: 'trial' });
  });
});
