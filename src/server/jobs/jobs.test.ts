import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { draftJobs } from '@/server/db/schema';
import { connectedTeacher, startTestCanvas } from '@/server/test/canvas-fixture';
import { createTestApp, queryRows, signUpAndIn, type TestApp } from '@/server/test/test-app';
import { draftScope } from '@/server/modules/grading/kernel/draft-scope';
import { QUEUES } from './index';

let harness: TestApp;
let canvas: RunningDemoCanvas;
beforeAll(async () => {
  [harness, canvas] = await Promise.all([createTestApp(), startTestCanvas()]);
}, 180_000);
afterAll(async () => {
  await Promise.all([harness.close(), canvas.close()]);
});

const options = { mode: 'formative', useRubric: false, customInstructions: null };
const isWaiting = (submission: GradingSubmission) =>
  !submission.id.startsWith('placeholder_') &&
  submission.submitted_at !== null &&
  submission.workflow_state !== 'graded';

async function gradableAssignment(teacher: Awaited<ReturnType<typeof connectedTeacher>>, index = 0) {
  const { assignments } = (
    await harness.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
  ).json();
  const target = assignments[index] as { course_id: number; id: number };
  const base = `/api/grading/courses/${target.course_id}/assignments/${target.id}`;
  const view = (
    await harness.app.inject({ method: 'GET', url: base, headers: teacher.headers })
  ).json() as AssignmentGradingView;
  return { base, waiting: view.submissions.filter(isWaiting).length };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe('whole-class drafting as jobs', () => {
  it('starting twice at once gives one run, and the allowance counts each student drafted', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const { base, waiting } = await gradableAssignment(teacher);
    expect(waiting).toBeGreaterThan(1);
    const start = () =>
      harness.app.inject({
        method: 'POST',
        url: `${base}/drafts/batch`,
        headers: teacher.headers,
        payload: { options },
      });
    const [first, second] = await Promise.all([start(), start()]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({ total: waiting, status: 'running' });

    // A third start while it runs is the same run again, and costs nothing.
    const third = await start();
    const runs = await queryRows<{ count: number }>(
      harness.database.db,
      sql`select count(*)::int as count from draft_jobs where user_id = ${teacher.userId}`,
    );
    expect(runs[0]!.count).toBe(1);
    if (third.json().status === 'running') expect(third.json().id).toBe(first.json().id);
    const [allowance] = await queryRows<{ hits: number }>(
      harness.database.db,
      sql`select hits from rate_limits where key = ${`draft:${teacher.userId}`}`,
    );
    expect(allowance!.hits).toBe(waiting);

    // One job per student went through the queue.
    const jobs = await queryRows<{ count: number }>(
      harness.database.db,
      sql`select count(*)::int as count from pgboss.job where name = ${QUEUES.classDraft} and data->>'runId' = ${first.json().id}`,
    );
    expect(jobs[0]!.count).toBe(waiting);
    const stored = await waitFor(
      async () => (await harness.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })).json(),
      (value) => value.job.status !== 'running',
    );
    expect(stored.job).toMatchObject({ status: 'finished', completed: waiting, failed: 0 });
  });

  it('reports a run from the database: a run of an hour ago whose students are not all done is still running', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const { base } = await gradableAssignment(teacher, 1);
    const [, courseId, assignmentId] = /courses\/(\d+)\/assignments\/(\d+)/.exec(base)!;
    await harness.database.db.insert(draftJobs).values({
      userId: teacher.userId,
      scope: `assignment:${courseId}:${assignmentId}`,
      total: 12,
      completed: 5,
      createdAt: new Date(Date.now() - 60 * 60 * 1000),
    });
    const stored = (
      await harness.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })
    ).json();
    expect(stored.job).toMatchObject({ status: 'running', total: 12, completed: 5 });
  });

  it('counts a student once when the job is run again after its instance died', async () => {
    const teacher = await signUpAndIn(harness.app);
    const { job } = await harness.app.services.drafts.startJob(teacher.userId, 'assignment:1:2', 2);
    await harness.app.services.drafts.recordJobProgress(job.id, 7, 'completed');
    await harness.app.services.drafts.recordJobProgress(job.id, 7, 'completed');
    expect(await harness.app.services.drafts.latestJob(teacher.userId, 'assignment:1:2')).toMatchObject({
      completed: 1,
      status: 'running',
    });
    await harness.app.services.drafts.recordJobProgress(job.id, 8, 'failed');
    expect(await harness.app.services.drafts.latestJob(teacher.userId, 'assignment:1:2')).toMatchObject({
      completed: 1,
      failed: 1,
      status: 'finished',
    });
  });
});

describe('mail and the draft purge as jobs', () => {
  it('queues the welcome mail as a job in the database, and the job sends it', async () => {
    const teacher = await signUpAndIn(harness.app);
    const jobs = await queryRows<{ state: string }>(
      harness.database.db,
      sql`select state from pgboss.job where name = ${QUEUES.welcomeMail} and data->>'userId' = ${teacher.userId}`,
    );
    expect(jobs).toHaveLength(1);
    const mail = await waitFor(
      () =>
        queryRows<{ subject: string }>(
          harness.database.db,
          sql`select subject from mail_outbox where to_address = ${teacher.email}`,
        ),
      (rows) => rows.length > 0,
    );
    expect(mail.map((row) => row.subject)).toEqual(['Welcome to Margin']);
  });

  it('schedules the mail retry every minute and the draft purge every hour, once for all instances', async () => {
    const schedules = await harness.app.services.jobs.queue.getSchedules();
    expect(Object.fromEntries(schedules.map((schedule) => [schedule.name, schedule.cron]))).toEqual({
      [QUEUES.mailRetry]: '* * * * *',
      [QUEUES.draftPurge]: '7 * * * *',
    });
  });

  it('answers a run’s poll with only the drafts made since its last answer', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const { base } = await gradableAssignment(teacher);
    const view = (
      await harness.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json() as AssignmentGradingView;
    const [first, second] = view.submissions.filter(isWaiting);
    const draft = async (userId: number) =>
      (
        await harness.app.inject({
          method: 'POST',
          url: `${base}/drafts`,
          headers: teacher.headers,
          payload: { userId, options },
        })
      ).json();
    const earlier = await draft(first!.user_id);
    const [courseId, assignmentId] = base.match(/\d+/g)!.map(Number);
    const scope = draftScope({ kind: 'assignment', courseId: courseId!, assignmentId: assignmentId! });
    // Kept a minute ago.
    await harness.app.services.drafts.save(
      teacher.userId,
      scope,
      first!.user_id,
      earlier,
      new Date(Date.now() - 60_000),
    );
    await draft(second!.user_id);
    const since = new Date(Date.now() - 30_000).toISOString();
    const partial = (
      await harness.app.inject({ method: 'GET', url: `${base}/drafts?since=${since}`, headers: teacher.headers })
    ).json();
    expect(partial.isPartial).toBe(true);
    expect(Object.keys(partial.drafts)).toEqual([String(second!.user_id)]);
    expect(Date.parse(partial.asOf)).toBeGreaterThan(Date.parse(since));
    const whole = (await harness.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })).json();
    expect(whole.isPartial).toBeUndefined();
    expect(Object.keys(whole.drafts).sort()).toEqual([String(first!.user_id), String(second!.user_id)].sort());
    const refused = await harness.app.inject({
      method: 'GET',
      url: `${base}/drafts?since=yesterday`,
      headers: teacher.headers,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('deletes expired drafts when the purge job runs', async () => {
    const teacher = await signUpAndIn(harness.app);
    const draft = { draft: { grade: 1 } } as never;
    const longAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await harness.app.services.drafts.save(teacher.userId, 'assignment:9:9', 1, draft, longAgo);
    await harness.app.services.drafts.save(teacher.userId, 'assignment:9:9', 2, draft);
    await harness.app.services.jobs.queue.send(QUEUES.draftPurge, {});
    const left = await waitFor(
      () =>
        queryRows<{ student_id: string }>(
          harness.database.db,
          sql`select student_id from grading_drafts where user_id = ${teacher.userId}`,
        ),
      (rows) => rows.length < 2,
    );
    expect(left.map((row) => row.student_id)).toEqual(['2']);
  });
});
