import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscribers, submissionPurchases, usageTracking } from '@/server/db/schema';
import { createAuditWriter } from '@/server/modules/audit/write-audit';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';
import { reserveCredit } from './reserve-credit';
import { createUsageStore } from './usage-store';

const harness = buildTestApp();

function deps() {
  return {
    store: createUsageStore(harness.database.db),
    audit: createAuditWriter(harness.database.db, harness.app.log),
  };
}

async function getUsage(headers: Record<string, string>) {
  const response = await harness.app.inject({ method: 'GET', url: '/api/usage', headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('usage summary', () => {
  it('starts a new teacher on the Free Trial with 10 submissions in total and no reset', async () => {
    const teacher = await signUpAndIn(harness.app);
    expect(await getUsage(teacher.headers)).toEqual({
      submissions_used: 0,
      limit: 10,
      purchased_submissions: 0,
      total_limit: 10,
      percentage: 0,
      billing_period: 'trial',
      subscription_tier: 'Free Trial',
      next_reset_date: null,
      days_remaining: null,
    });
  });

  it('follows a paid plan’s monthly cycle and adds purchased packs of that period', async () => {
    const teacher = await signUpAndIn(harness.app);
    const anchor = new Date(Date.now() - 40 * 86_400_000);
    await harness.database.db.insert(subscribers).values({
      userId: teacher.userId,
      email: teacher.email,
      subscribed: true,
      subscriptionTier: 'Lite Plan',
      billingInterval: 'month',
      billingCycleStart: anchor,
    });
    const before = await getUsage(teacher.headers);
    expect(before).toMatchObject({ subscription_tier: 'Lite Plan', limit: 250, total_limit: 250 });
    expect(before.billing_period).not.toBe('trial');
    expect(before.days_remaining).toBeGreaterThan(0);
    expect(Date.parse(before.next_reset_date)).toBeGreaterThan(Date.now());

    await harness.database.db.insert(submissionPurchases).values({
      userId: teacher.userId,
      billingPeriod: before.billing_period,
      submissions: 100,
      amountCents: 500,
      paymentReference: `test-${teacher.userId}`,
    });
    await harness.database.db.insert(usageTracking).values({
      userId: teacher.userId,
      email: teacher.email,
      billingPeriod: before.billing_period,
      monthYear: 'x',
      submissionsUsed: 35,
    });
    expect(await getUsage(teacher.headers)).toMatchObject({
      submissions_used: 35,
      purchased_submissions: 100,
      total_limit: 350,
      percentage: 10,
    });
  });

  it('is protected', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/api/usage' })).statusCode).toBe(401);
  });
});

describe('reserving credits', () => {
  it('gives exactly one of twenty racing saves the last credit', async () => {
    const teacher = await signUpAndIn(harness.app);
    await harness.database.db.insert(usageTracking).values({
      userId: teacher.userId,
      email: teacher.email,
      billingPeriod: 'trial',
      monthYear: 'trial',
      submissionsUsed: 9,
    });
    const user = { id: teacher.userId, email: teacher.email };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => reserveCredit(deps(), user, { recordId: `s${index}`, details: {} })),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const refusal of refused) {
      expect((refusal as PromiseRejectedResult).reason).toMatchObject({
        code: 'USAGE_LIMIT_REACHED',
        userMessage:
          "You've reached your limit of 10 submissions for this billing period. Consider purchasing additional submissions or upgrading your plan.",
      });
    }
    expect((await getUsage(teacher.headers)).submissions_used).toBe(10);
    const audits = await queryRows<{ action: string; n: number }>(
      harness.database.db,
      sql`select action, count(*)::int as n from audit_logs where user_id = ${teacher.userId} and action like 'USAGE%' group by action order by action`,
    );
    expect(audits).toEqual([
      { action: 'USAGE_INCREMENTED', n: 1 },
      { action: 'USAGE_LIMIT_REACHED', n: 19 },
    ]);
  });

  it('gives a released credit back, once', async () => {
    const teacher = await signUpAndIn(harness.app);
    const user = { id: teacher.userId, email: teacher.email };
    const reservation = await reserveCredit(deps(), user, { recordId: 'r1', details: {} });
    expect(reservation.submissionsUsed).toBe(1);
    // The usage a save answers with comes from the reservation: it is what a fresh read gives.
    expect(reservation.summary).toEqual(await getUsage(teacher.headers));
    await reservation.release();
    await reservation.release();
    expect((await getUsage(teacher.headers)).submissions_used).toBe(0);
  });
});
