import type { Page } from '@playwright/test';
import { expect, test, type DemoCanvas, type Teacher } from './fixtures';

/** What the teacher sees is what Canvas stores: grading types, the over-maximum warning, draft quotes. */
const COURSE_ID = 4201;
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/_shots/grading-fidelity';
// Drafting and loading a class are slower on a busy machine than the default minute allows.
test.setTimeout(120_000);

type DemoSubmission = {
  user_id: number;
  score: number | null;
  grade: string | null;
  workflow_state: string;
  excused: boolean | null;
  submitted_at: string | null;
};

test.use({ teacherName: 'Katherine Johnson' });

async function assignmentNamed(canvas: DemoCanvas, name: string): Promise<{ id: number; points_possible: number }> {
  const assignments = await canvas.get<Array<{ id: number; name: string; points_possible: number }>>(
    `courses/${COURSE_ID}/assignments?per_page=100`,
  );
  return assignments.find((assignment) => assignment.name === name)!;
}

async function waitingStudent(canvas: DemoCanvas, assignmentId: number): Promise<number> {
  const submissions = await canvas.get<DemoSubmission[]>(
    `courses/${COURSE_ID}/assignments/${assignmentId}/submissions?per_page=100`,
  );
  return submissions.find(
    (submission) => submission.submitted_at && submission.workflow_state === 'submitted' && !submission.excused,
  )!.user_id;
}

async function openStudent(page: Page, teacher: Teacher, assignmentId: number, userId: number) {
  await teacher.open(`/courses/${COURSE_ID}/assignments/${assignmentId}/grade?student=${userId}`);
  await expect(page.getByTestId('student-name')).toBeVisible({ timeout: 30_000 });
}

test('a pass/fail assignment is graded Complete, and the message says what Canvas stored', async ({
  page,
  teacherWithDemoCanvas: teacher,
  demoCanvas,
}) => {
  const assignment = await assignmentNamed(demoCanvas, 'Website Credibility Check');
  const userId = await waitingStudent(demoCanvas, assignment.id);
  await openStudent(page, teacher, assignment.id, userId);

  await expect(page.getByText('Grade (complete or incomplete)')).toBeVisible();
  await expect(page.getByTestId('grade-input')).toHaveCount(0);
  await page.getByTestId('grade-complete').click();
  await expect(page.getByTestId('grade-complete')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('feedback-input').fill('A credible source: well chosen.');
  await page.screenshot({ path: `${SHOTS}/pass-fail-panel-1280.png`, fullPage: false });
  await page.getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(page.getByText('Canvas stored: Complete.')).toBeVisible();

  const stored = await demoCanvas.get<DemoSubmission>(
    `courses/${COURSE_ID}/assignments/${assignment.id}/submissions/${userId}`,
  );
  expect(stored).toMatchObject({ grade: 'complete', score: assignment.points_possible, workflow_state: 'graded' });
});

test('a grade above the maximum warns, asks, and is stored as typed once confirmed', async ({
  page,
  teacherWithDemoCanvas: teacher,
  demoCanvas,
}) => {
  const assignment = await assignmentNamed(demoCanvas, 'Reading Response Journal');
  const userId = await waitingStudent(demoCanvas, assignment.id);
  await openStudent(page, teacher, assignment.id, userId);

  await page.getByTestId('grade-input').fill('12');
  await expect(page.getByTestId('above-maximum-warning')).toContainText('12 is more than the 10 points possible');
  // Above 100 % is not shown as an ordinary green grade.
  await expect(page.getByTestId('grade-input-percent')).toHaveText('120.0% (above the maximum)');
  await expect(page.getByTestId('grade-input-percent')).not.toHaveClass(/emerald/);
  await page.getByTestId('feedback-input').fill('Extra credit for the second response.');
  await page.getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(page.getByRole('dialog', { name: 'Save a grade above the maximum?' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/over-maximum-dialog-1280.png` });
  await page.getByTestId('confirm-extra-credit').click();
  await expect(page.getByText('Canvas stored: 12 / 10.')).toBeVisible();

  const stored = await demoCanvas.get<DemoSubmission>(
    `courses/${COURSE_ID}/assignments/${assignment.id}/submissions/${userId}`,
  );
  expect(stored.score).toBe(12);
});

test('an excused student shows Excused and is not offered for drafting', async ({
  page,
  teacherWithDemoCanvas: teacher,
  demoCanvas,
}) => {
  const assignment = await assignmentNamed(demoCanvas, 'Personal Narrative: A Moment That Changed Me');
  const submissions = await demoCanvas.get<DemoSubmission[]>(
    `courses/${COURSE_ID}/assignments/${assignment.id}/submissions?per_page=100`,
  );
  const excused = submissions.find((submission) => submission.excused)!;
  await openStudent(page, teacher, assignment.id, excused.user_id);
  await expect(page.getByTestId('submission-status')).toHaveText('Excused');
  // Save says Excused, and the student's own draft button cannot be pressed; drafting the whole
  // class stays offered, because it leaves excused students out (the server tests count them).
  await expect(page.getByRole('button', { name: 'Excused' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Draft with AI' })).toBeDisabled();
});

test('a discussion draft quotes only the student, never the prompt scaffolding or a classmate', async ({
  page,
  teacherWithDemoCanvas: teacher,
}) => {
  await teacher.open(`/courses/${COURSE_ID}/discussions/6101/grade`);
  await page.getByTestId('tab-ungraded').click();
  await page.getByRole('tabpanel').getByTestId('student-entry').filter({ hasText: 'Submitted' }).first().click();
  await page.getByRole('button', { name: /Draft/ }).first().click();
  await expect(page.getByTestId('feedback-input')).not.toHaveValue('', { timeout: 30_000 });
  const feedback = await page.getByTestId('feedback-input').inputValue();
  for (const fragment of ['[CLASSMATE]', 'context only', 'Post 1:', 'Participation:'])
    expect(feedback).not.toContain(fragment);
  await page.screenshot({ path: `${SHOTS}/discussion-draft-1280.png`, fullPage: true });
});
