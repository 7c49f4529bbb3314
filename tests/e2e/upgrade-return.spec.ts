import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ teacherName: 'Katherine Johnson' });

const SHOTS = process.env.SHOTS_DIR;
/** Kept out of the way of the other browser tests, which grade the argumentative essay. */
const BUSY_ASSIGNMENT = 5002;

type Waiting = { courseId: number; assignmentId: number; userId: number; submissionId: string };

/** Every submission waiting for a grade on the plain assignments (not discussions or quizzes). */
async function waitingWork(request: APIRequestContext, headers: Record<string, string>): Promise<Waiting[]> {
  const { assignments } = await (await request.get('/api/needs-grading', { headers })).json();
  const plain = (
    assignments as Array<{ id: number; course_id: number; discussion_topic_id: number | null; quiz_id: number | null }>
  ).filter((item) => item.discussion_topic_id === null && item.quiz_id === null && item.id !== BUSY_ASSIGNMENT);
  const found: Waiting[] = [];
  for (const item of plain) {
    const view = await (
      await request.get(`/api/grading/courses/${item.course_id}/assignments/${item.id}`, { headers })
    ).json();
    for (const submission of (view.submissions ?? []) as Array<{
      id: string;
      user_id: number;
      workflow_state: string;
    }>) {
      if (submission.workflow_state === 'submitted' && !submission.id.startsWith('placeholder_')) {
        found.push({
          courseId: item.course_id,
          assignmentId: item.id,
          userId: submission.user_id,
          submissionId: submission.id,
        });
      }
    }
  }
  return found;
}

test('with no credit left, upgrading from the grading screen brings her back to the same student', async ({
  page,
  context,
  request,
  teacherWithDemoCanvas,
}) => {
  test.setTimeout(180_000);
  const headers = { authorization: `Bearer ${teacherWithDemoCanvas.accessToken}` };
  const work = await waitingWork(request, headers);
  // The Free Trial's 10 credits, spent through the API on assignments that take a grade.
  const saved = new Set<number>();
  let spent = 0;
  let next = 0;
  for (; next < work.length && spent < 10; next += 1) {
    const item = work[next]!;
    const answer = await request.put(
      `/api/grading/courses/${item.courseId}/assignments/${item.assignmentId}/grades/${item.userId}`,
      { headers, data: { submissionId: item.submissionId, grade: 7, comment: '' } },
    );
    if (answer.status() === 200) {
      spent += 1;
      saved.add(item.assignmentId);
    }
  }
  expect(spent).toBe(10);
  const target = work.slice(next).find((item) => saved.has(item.assignmentId))!;
  expect(target).toBeDefined();
  const place = `/courses/${target.courseId}/assignments/${target.assignmentId}/grade?student=${target.userId}`;

  await teacherWithDemoCanvas.open(place);
  await expect(page.getByTestId('student-name')).toBeVisible({ timeout: 60_000 });
  const name = (await page.getByTestId('student-name').textContent())!;
  await page.getByTestId('grade-input').fill('8');
  await page.getByTestId('save-bar').getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(page.getByTestId('save-bar')).toContainText(/limit/i);
  await expect(page.getByTestId('usage-notice')).toContainText("You've reached your limit of 10 submissions");

  // Her way to the plans carries this screen and student; Pricing says where a checkout brings her back.
  await page.getByTestId('usage-notice-plans').click();
  await expect(page).toHaveURL(/\/pricing\?return=/);
  await expect(page.getByTestId('pricing-return')).toContainText(
    'After checkout, Margin brings you back to the student you were grading.',
  );
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/pricing-from-grading-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('pricing-return').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/pricing-from-grading-375.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('plan-core-plan').getByRole('button', { name: 'Choose Core' }).click(),
  ]);
  await checkout.waitForURL(/\/billing\/checkout\/[0-9a-f-]{36}\?return=/);
  await checkout.getByRole('button', { name: 'Complete test purchase' }).click();

  // Back on the same assignment and student, the purchase told and the address clean again.
  await expect(checkout.getByText('Purchase Successful!')).toBeVisible();
  await expect(checkout).toHaveURL(new RegExp(`${place.replace(/[?]/g, '\\?')}$`));
  await expect(checkout.getByTestId('student-name')).toHaveText(name, { timeout: 60_000 });
  await expect(checkout.getByTestId('usage-notice')).toHaveCount(0);
  if (SHOTS) await checkout.screenshot({ path: `${SHOTS}/back-after-upgrade-1280.png` });

  // And now Save goes through.
  await checkout.getByTestId('grade-input').fill('8');
  await checkout.getByTestId('save-bar').getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(checkout.getByTestId('save-bar')).toContainText('Canvas stored:');
});
