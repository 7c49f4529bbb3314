import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/core/app-error';
import { createAuditWriter } from '@/server/modules/audit/write-audit';
import { getUsageSummary } from '@/server/modules/usage/get-usage-summary';
import { createUsageStore, type UsageStore } from '@/server/modules/usage/usage-store';
import { createTestApp, signUpAndIn, type TestApp } from '@/server/test/test-app';
import { spendCreditOnCanvas, type PaidCanvasWrite } from './spend-credit-on-canvas';

let harness: TestApp;
let deps: { usage: UsageStore; audit: ReturnType<typeof createAuditWriter> };
beforeAll(async () => {
  harness = await createTestApp();
  deps = {
    usage: createUsageStore(harness.database.db),
    audit: createAuditWriter(harness.database.db, harness.app.log),
  };
});
afterAll(() => harness.close());

async function newTeacher() {
  const { userId, email } = await signUpAndIn(harness.app);
  return { id: userId, email };
}

const used = async (teacher: { id: string }) =>
  (await getUsageSummary(deps.usage, teacher.id)).summary.submissions_used;

/** One paid write of a grade of 8, with Canvas's answer given by `write`. */
function gradeOfEight(write: () => Promise<{ score: number | null }>): PaidCanvasWrite<{ score: number | null }> {
  return {
    recordId: '4201/5001/2001',
    tableName: 'canvas_submissions',
    values: { grade: 8 },
    actions: { saved: 'GRADE_SUBMISSION', refused: 'GRADE_SUBMISSION_FAILED', failed: 'GRADE_SUBMISSION_ERROR' },
    write,
    verify: (stored) => (stored.score === 8 ? null : 'Canvas did not store the grade of 8.'),
    savedValues: (stored) => ({ score: stored.score }),
    refusalMessage: (refusal) => `Failed to save grade: ${refusal.userMessage}`,
    errorMessage: 'An unexpected error occurred while saving the grade',
  };
}

describe('spending a credit on a Canvas write', () => {
  it('keeps the credit when Canvas stored what was sent', async () => {
    const teacher = await newTeacher();
    await expect(
      spendCreditOnCanvas(
        deps,
        teacher,
        gradeOfEight(async () => ({ score: 8 })),
      ),
    ).resolves.toMatchObject({ result: { score: 8 }, usage: { submissions_used: 1 } });
    expect(await used(teacher)).toBe(1);
  });

  it('gives the credit back and says so when Canvas answered but did not store the grade', async () => {
    const teacher = await newTeacher();
    const saving = spendCreditOnCanvas(
      deps,
      teacher,
      gradeOfEight(async () => ({ score: null })),
    );
    await expect(saving).rejects.toMatchObject({
      code: 'CANVAS_UNPROCESSABLE',
      userMessage: 'Canvas did not store the grade of 8.',
      details: { reason: 'not_stored' },
    });
    expect(await used(teacher)).toBe(0);
  });

  it('gives the credit back and keeps the Canvas code when Canvas refuses', async () => {
    const teacher = await newTeacher();
    const refusal = new AppError('CANVAS_PERMISSION', 'Canvas says no');
    const saving = spendCreditOnCanvas(
      deps,
      teacher,
      gradeOfEight(async () => Promise.reject(refusal)),
    );
    await expect(saving).rejects.toMatchObject({
      code: 'CANVAS_PERMISSION',
      userMessage: 'Failed to save grade: Canvas says no',
    });
    expect(await used(teacher)).toBe(0);
  });

  it('gives the credit back and reports an internal failure for anything else', async () => {
    const teacher = await newTeacher();
    const saving = spendCreditOnCanvas(
      deps,
      teacher,
      gradeOfEight(async () => Promise.reject(new Error('socket hang up'))),
    );
    await expect(saving).rejects.toMatchObject({
      code: 'INTERNAL',
      userMessage: 'An unexpected error occurred while saving the grade',
    });
    expect(await used(teacher)).toBe(0);
  });
});
