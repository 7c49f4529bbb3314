import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/server/db/connection';
import { auditLogs, institutionMembers, institutions, users } from '@/server/db/schema';
import { createTestApp, openTestDatabase } from '@/server/test/test-app';
import { reduceOldComments } from './reduce-old-comments';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function audited(newValues: unknown, ageMs: number, userId: string | null = null): Promise<string> {
  const [row] = await database.db
    .insert(auditLogs)
    .values({ userId, action: 'GRADE_SUBMISSION', newValues, createdAt: new Date(Date.now() - ageMs) })
    .returning({ id: auditLogs.id });
  return row!.id;
}

async function valuesOf(id: string): Promise<unknown> {
  const [row] = await database.db.select().from(auditLogs).where(eq(auditLogs.id, id));
  return row!.newValues;
}

describe('comments in the audit log', () => {
  it('are kept while drafts are, then reduced to their hash; grades and the rest stay', async () => {
    const assignment = await audited(
      { grade: '8', comment: 'Ruth, your thesis is clear.', student_id: 7 },
      DAY_MS + 60_000,
    );
    const quiz = await audited(
      {
        questions: [
          { question_id: 1, score: 2, comment: 'Check the units.' },
          { question_id: 2, score: 1 },
        ],
      },
      2 * DAY_MS,
    );
    const recent = await audited({ grade: '9', comment: 'Still a draft’s age.' }, DAY_MS - 60_000);
    const noComment = await audited({ action: 'sign-in' }, 3 * DAY_MS);

    expect(await reduceOldComments(database.db, DAY_MS)).toBe(2);
    expect(await valuesOf(assignment)).toEqual({
      grade: '8',
      comment: sha256('Ruth, your thesis is clear.'),
      student_id: 7,
      comments_reduced: true,
    });
    expect(await valuesOf(quiz)).toEqual({
      questions: [
        { question_id: 1, score: 2, comment: sha256('Check the units.') },
        { question_id: 2, score: 1 },
      ],
      comments_reduced: true,
    });
    expect(await valuesOf(recent)).toEqual({ grade: '9', comment: 'Still a draft’s age.' });
    expect(await valuesOf(noComment)).toEqual({ action: 'sign-in' });
    // Reduced once: the next sweep finds nothing more.
    expect(await reduceOldComments(database.db, DAY_MS)).toBe(0);
  });

  it("of an institution's teacher are kept only as long as the institution keeps drafts", async () => {
    const person = async (email: string) =>
      (await database.db.insert(users).values({ email }).returning({ id: users.id }))[0]!.id;
    const school = async (name: string, draftRetentionHours: number | null) =>
      (
        await database.db
          .insert(institutions)
          .values({ name, invitationId: `invitation-${name}`, draftRetentionHours })
          .returning({ id: institutions.id })
      )[0]!.id;
    const shortSchool = await school('Lycée Colette', 2);
    const defaultSchool = await school('Lycée Sand', null);
    const [shortTeacher, shortAdmin, defaultTeacher, loner] = await Promise.all([
      person('ines@colette.test'),
      person('admin@colette.test'),
      person('paul@sand.test'),
      person('loner@school.test'),
    ]);
    await database.db.insert(institutionMembers).values([
      { userId: shortTeacher, institutionId: shortSchool, role: 'teacher' },
      { userId: shortAdmin, institutionId: shortSchool, role: 'admin' },
      { userId: defaultTeacher, institutionId: defaultSchool, role: 'teacher' },
    ]);

    const pastTwoHours = await audited({ comment: 'Past her school’s two hours.' }, 3 * HOUR_MS, shortTeacher);
    const adminPast = await audited({ comment: 'The admin teaches too.' }, 3 * HOUR_MS, shortAdmin);
    const withinTwoHours = await audited({ comment: 'Within the two hours.' }, HOUR_MS, shortTeacher);
    const schoolDefault = await audited({ comment: 'Her school keeps a day.' }, 3 * HOUR_MS, defaultTeacher);
    const onHerOwn = await audited({ comment: 'A teacher on her own.' }, 3 * HOUR_MS, loner);

    expect(await reduceOldComments(database.db, DAY_MS)).toBe(2);
    expect(await valuesOf(pastTwoHours)).toEqual({
      comment: sha256('Past her school’s two hours.'),
      comments_reduced: true,
    });
    expect(await valuesOf(adminPast)).toMatchObject({ comments_reduced: true });
    expect(await valuesOf(withinTwoHours)).toEqual({ comment: 'Within the two hours.' });
    expect(await valuesOf(schoolDefault)).toEqual({ comment: 'Her school keeps a day.' });
    expect(await valuesOf(onHerOwn)).toEqual({ comment: 'A teacher on her own.' });
  });

  it('are reduced by the sweep the app schedules when it starts', async () => {
    const old = await audited({ grade: '5', comment: 'Swept by the app.' }, DAY_MS + 60_000);
    const testApp = await createTestApp({ database });
    try {
      const deadline = Date.now() + 30_000;
      while (JSON.stringify(await valuesOf(old)).includes('Swept by the app') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await valuesOf(old)).toMatchObject({ comment: sha256('Swept by the app.'), comments_reduced: true });
    } finally {
      await testApp.close();
    }
  });
});
