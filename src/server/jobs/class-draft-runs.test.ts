import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssignmentGradingView, DraftJob } from '@/shared/schemas/grading';
import { createAiModel } from '@/server/adapters/ai';
import { draftJobs } from '@/server/db/schema';
import { runOverBudgetReason } from '@/server/modules/grading/kernel/draft-store';
import { draftScope } from '@/server/modules/grading/kernel/draft-scope';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { buildTestApp, queryRows } from '@/server/test/test-app';
import { draftOverBudgetReason, UNREADABLE_JOB_REASON } from './class-draft-worker';
import { QUEUES } from './index';

const STUDENTS = 60;
const DRAFT_BUDGET_SECONDS = 8;
const RUN_BUDGET_MINUTES = 60;
const options = { mode: 'formative' as const, useRubric: false, customInstructions: null };

let ai: FakeAiServer;
beforeAll(async () => {
  ai = await startFakeAiServer();
});
afterAll(() => ai.close());
const harness = buildTestApp(() => ({
  canvas: { scenario: { courses: 1, assignmentsPerCourse: 1, studentsPerCourse: STUDENTS } },
  aiModel: createAiModel(
    { provider: 'openai-compatible', baseUrl: ai.baseUrl, model: 'test-model' },
    { maxNetworkRetries: 0 },
  ),
  env: {
    JOB_DRAFT_BUDGET_SECONDS: String(DRAFT_BUDGET_SECONDS),
    JOB_RUN_BUDGET_MINUTES: String(RUN_BUDGET_MINUTES),
  },
}));
beforeEach(() => {
  ai.reset();
  ai.setDefault({ kind: 'delay', ms: 100, then: { kind: 'from-schema' } });
});

type Teacher = Awaited<ReturnType<typeof connectedTeacher>>;

/** A teacher connected to the class, the assignment and the students waiting for a grade. */
async function teacherWithClass() {
  const teacher = await connectedTeacher(harness.app, harness.canvas);
  const { assignments } = (
    await harness.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
  ).json<{ assignments: { course_id: number; id: number }[] }>();
  const target = { courseId: assignments[0]!.course_id, assignmentId: assignments[0]!.id };
  const view = (
    await harness.app.inject({
      method: 'GET',
      url: `/api/grading/courses/${target.courseId}/assignments/${target.assignmentId}`,
      headers: teacher.headers,
    })
  ).json<AssignmentGradingView>();
  const students = view.submissions
    .filter((submission) => submission.submitted_at !== null && !submission.id.startsWith('placeholder_'))
    .map((submission) => submission.user_id);
  return { teacher, target, students, scope: draftScope({ kind: 'assignment', ...target }) };
}

/** Queues a run of these students for the teacher, as starting a whole-class draft does. */
async function queueRun(teacher: Teacher, target: { courseId: number; assignmentId: number }, students: number[]) {
  const scope = draftScope({ kind: 'assignment', ...target });
  const { job } = await harness.services.drafts.startJob(teacher.userId, scope, students.length);
  await harness.services.jobs.classDrafts.enqueue(
    students.map((studentId) => ({ runId: job.id, userId: teacher.userId, ...target, studentId, options })),
  );
  return job;
}

const runOf = async (userId: string, scope: string) => (await harness.services.drafts.latestJob(userId, scope))!;

async function waitForRun(userId: string, scope: string, seen: (run: DraftJob) => void = () => {}) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = await runOf(userId, scope);
    seen(run);
    if (run.status !== 'running' || Date.now() > deadline) return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const jobStates = (runId: string) =>
  queryRows<{ state: string }>(
    harness.database.db,
    sql`select state from pgboss.job where name = ${QUEUES.classDraft} and data->>'runId' = ${runId}`,
  );

describe('time budgets of whole-class runs', () => {
  it('stops a draft over its budget, counts it failed with the reason the teacher sees, and never takes it again', async () => {
    ai.setDefault({ kind: 'delay', ms: 20_000, then: { kind: 'from-schema' } });
    const { teacher, target, students, scope } = await teacherWithClass();
    const job = await queueRun(teacher, target, students.slice(0, 3));

    const run = await waitForRun(teacher.userId, scope);
    expect(run).toMatchObject({
      status: 'finished',
      completed: 0,
      failed: 3,
      reason: draftOverBudgetReason(DRAFT_BUDGET_SECONDS),
    });
    // The jobs are done with: none waits for another try on this or another instance.
    expect((await jobStates(job.id)).map((row) => row.state)).toEqual(['completed', 'completed', 'completed']);
    // The teacher reads the reason on the run.
    const stored = (
      await harness.app.inject({
        method: 'GET',
        url: `/api/grading/courses/${target.courseId}/assignments/${target.assignmentId}/drafts`,
        headers: teacher.headers,
      })
    ).json<{ job: DraftJob }>();
    expect(stored.job.reason).toBe(draftOverBudgetReason(DRAFT_BUDGET_SECONDS));
  }, 60_000);

  it('counts the students of a run over its budget as failed without drafting them', async () => {
    const { teacher, target, students, scope } = await teacherWithClass();
    const [run] = await harness.database.db
      .insert(draftJobs)
      .values({
        userId: teacher.userId,
        scope,
        total: 2,
        createdAt: new Date(Date.now() - (RUN_BUDGET_MINUTES * 60 + 1) * 1000),
      })
      .returning();
    await harness.services.jobs.classDrafts.enqueue(
      students
        .slice(0, 2)
        .map((studentId) => ({ runId: run!.id, userId: teacher.userId, ...target, studentId, options })),
    );
    const deadline = Date.now() + 30_000;
    while ((await jobStates(run!.id)).some((row) => row.state !== 'completed') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await runOf(teacher.userId, scope)).toMatchObject({
      status: 'finished',
      failed: 2,
      reason: runOverBudgetReason({ runSeconds: RUN_BUDGET_MINUTES * 60, draftSeconds: DRAFT_BUDGET_SECONDS }),
    });
    expect(ai.requests).toHaveLength(0);
  }, 60_000);

  it('closes a run whose jobs were lost once it is past its budget, with the reason', async () => {
    const { teacher, scope } = await teacherWithClass();
    await harness.database.db.insert(draftJobs).values({
      userId: teacher.userId,
      scope,
      total: 12,
      completed: 5,
      createdAt: new Date(Date.now() - (RUN_BUDGET_MINUTES * 60 + DRAFT_BUDGET_SECONDS + 5) * 1000),
    });
    expect(await runOf(teacher.userId, scope)).toMatchObject({
      status: 'finished',
      completed: 5,
      failed: 7,
      reason: runOverBudgetReason({ runSeconds: RUN_BUDGET_MINUTES * 60, draftSeconds: DRAFT_BUDGET_SECONDS }),
    });
  });
});

describe('progress and fairness of whole-class runs', () => {
  it('moves the run on with every draft stored: one slow draft holds back none of the others', async () => {
    // Long enough for the other eleven to be drafted and counted meanwhile, even on a busy machine.
    ai.enqueue({ kind: 'delay', ms: 6_000, then: { kind: 'from-schema' } });
    const { teacher, target, students, scope } = await teacherWithClass();
    const group = students.slice(0, 12);
    await queueRun(teacher, target, group);
    const seen = new Set<number>();
    const run = await waitForRun(teacher.userId, scope, (value) => {
      if (value.status === 'running') seen.add(value.completed);
    });
    expect(run).toMatchObject({ status: 'finished', completed: group.length, failed: 0, reason: null });
    // Every other student was drafted and counted while the slow one was still in hand.
    expect(seen).toContain(group.length - 1);
    expect(Object.keys(await harness.services.drafts.list(teacher.userId, scope))).toHaveLength(group.length);
  }, 60_000);

  it("finishes a teacher's 4-student run started behind another teacher's whole class long before that class", async () => {
    ai.setDefault({ kind: 'delay', ms: 150, then: { kind: 'from-schema' } });
    const big = await teacherWithClass();
    const small = await teacherWithClass();
    expect(big.students.length).toBeGreaterThanOrEqual(40);
    await queueRun(big.teacher, big.target, big.students);
    await queueRun(small.teacher, small.target, small.students.slice(0, 4));

    let bigDoneWhenSmallFinished = -1;
    const run = await waitForRun(small.teacher.userId, small.scope);
    const bigRun = await runOf(big.teacher.userId, big.scope);
    bigDoneWhenSmallFinished = bigRun.completed + bigRun.failed;
    expect(run).toMatchObject({ status: 'finished', completed: 4 });
    // Taken turn about with the big run's students, not after all of them.
    expect(bigDoneWhenSmallFinished).toBeLessThan(big.students.length / 2);
    await waitForRun(big.teacher.userId, big.scope);
  }, 90_000);
});

describe('job payloads across versions', () => {
  it('runs a class-draft job queued by the version before payloads carried one', async () => {
    const { teacher, target, students, scope } = await teacherWithClass();
    const { job } = await harness.services.drafts.startJob(teacher.userId, scope, 1);
    // Exactly what the previous release queued: no version, options as the request gave them.
    await harness.services.jobs.queue.insert([
      {
        name: QUEUES.classDraft,
        data: {
          runId: job.id,
          userId: teacher.userId,
          ...target,
          studentId: students[0],
          options: { mode: 'formative' },
        },
      },
    ]);
    harness.services.jobs.startWorkers();
    const run = await waitForRun(teacher.userId, scope);
    expect(run).toMatchObject({ status: 'finished', completed: 1, failed: 0 });
    expect(Object.keys(await harness.services.drafts.list(teacher.userId, scope))).toEqual([String(students[0])]);
  }, 60_000);

  it('counts a job of a version this server cannot read as failed with a reason, without trying it again', async () => {
    const { teacher, target, students, scope } = await teacherWithClass();
    const { job } = await harness.services.drafts.startJob(teacher.userId, scope, 1);
    await harness.services.jobs.queue.insert([
      {
        name: QUEUES.classDraft,
        data: { version: 99, runId: job.id, userId: teacher.userId, ...target, studentId: students[0], options },
      },
    ]);
    const run = await waitForRun(teacher.userId, scope);
    expect(run).toMatchObject({ status: 'finished', failed: 1, reason: UNREADABLE_JOB_REASON });
    expect((await jobStates(job.id)).map((row) => row.state)).toEqual(['completed']);
  }, 60_000);
});
