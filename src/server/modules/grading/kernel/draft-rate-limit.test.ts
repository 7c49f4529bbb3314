import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndIn, type TestApp } from '@/server/test/test-app';
import { consumeDraftAllowance, consumeRunAllowance, DRAFT_ALLOWANCE } from './draft-rate-limit';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

const teacherId = async () => (await signUpAndIn(harness.app)).userId;
const refusal = { code: 'RATE_LIMITED' };

describe('the hourly draft allowance', () => {
  it('lets a class of 1,000 be drafted in one run, then makes single drafts and other runs wait', async () => {
    const db = harness.database.db;
    const teacher = await teacherId();
    await expect(consumeRunAllowance(db, teacher, 1000)).resolves.toBeUndefined();
    await expect(consumeDraftAllowance(db, teacher)).rejects.toMatchObject(refusal);
    await expect(consumeRunAllowance(db, teacher, 5)).rejects.toMatchObject(refusal);
  });

  it('starts a run while the allowance has room, and refuses one once it is used up', async () => {
    const db = harness.database.db;
    const withRoom = await teacherId();
    for (let draft = 0; draft < 3; draft += 1) await consumeDraftAllowance(db, withRoom);
    await expect(consumeRunAllowance(db, withRoom, DRAFT_ALLOWANCE.limit - 4)).resolves.toBeUndefined();
    // 599 counted: the next run still starts.
    await expect(consumeRunAllowance(db, withRoom, 300)).resolves.toBeUndefined();

    const usedUp = await teacherId();
    await consumeRunAllowance(db, usedUp, DRAFT_ALLOWANCE.limit);
    await expect(consumeRunAllowance(db, usedUp, 2)).rejects.toMatchObject(refusal);
  });

  it('counts single drafts as before: the 601st in the hour is refused', async () => {
    const db = harness.database.db;
    const teacher = await teacherId();
    await consumeRunAllowance(db, teacher, DRAFT_ALLOWANCE.limit - 1);
    await expect(consumeDraftAllowance(db, teacher)).resolves.toBeUndefined();
    await expect(consumeDraftAllowance(db, teacher)).rejects.toMatchObject(refusal);
  });
});
