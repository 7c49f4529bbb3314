import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ teacherName: 'Mary Jackson' });

/** The built-in demo Canvas's English 10 course: a graded discussion and a quiz with an essay question. */
const COURSE_ID = 4201;
const DISCUSSION_ID = 6101;
const DISCUSSION_ASSIGNMENT = 5007;
const QUIZ_ID = 8101;
const QUIZ_ASSIGNMENT = 5008;
const SHOTS = process.env.SHOTS_DIR;

function selectedStudentId(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('student'));
}

test('a discussion save says when the student sees it, links to Canvas, and Undo puts the earlier grade back', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/discussions/${DISCUSSION_ID}/grade`);
  await page.getByTestId('tab-ungraded').click();
  const entry = page.getByRole('tabpanel').getByTestId('student-entry').filter({ hasText: 'Submitted' }).nth(4);
  const name = (await entry.locator('span[title]').getAttribute('title'))!;
  await entry.click();
  await expect(page.getByTestId('student-name')).toHaveText(name);
  await expect.poll(() => selectedStudentId(page)).toBeGreaterThan(0);
  const studentId = selectedStudentId(page);
  const bar = page.getByTestId('save-bar');

  await expect(page.getByTestId('posting-hint')).toHaveText(
    `Grades post automatically on this assignment: ${name} sees the grade and comment as soon as you save.`,
  );

  await page.getByTestId('grade-input').fill('6');
  await page.getByTestId('feedback-input').fill('A clear first reason.');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(bar.getByTestId('save-status-line')).toContainText('Canvas stored: 6 / 10.');

  await page.getByTestId('grade-input').fill('9');
  await page.getByTestId('feedback-input').fill('A clear first reason, and the replies carry it further.');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await page.getByTestId('confirm-replace').click();
  await expect(bar.getByTestId('save-status-line')).toContainText('Canvas stored: 9 / 10.');
  await expect(bar.getByRole('link', { name: 'View in Canvas' })).toHaveAttribute(
    'href',
    new RegExp(`/courses/${COURSE_ID}/assignments/${DISCUSSION_ASSIGNMENT}/submissions/${studentId}$`),
  );
  if (SHOTS) {
    await bar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/discussion-saved-with-undo-1280.png` });
  }

  await bar.getByTestId('undo-save').click();
  await expect(bar.getByTestId('save-status-line')).toContainText('Save undone');
  await expect(bar.getByTestId('save-status-line')).toContainText(`${name}: Canvas holds 6 / 10 again`);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/discussion-undone-1280.png` });
    await bar.screenshot({ path: `${SHOTS}/discussion-undone-bar.png` });
  }
  const inCanvas = await demoCanvas.get(
    `courses/${COURSE_ID}/assignments/${DISCUSSION_ASSIGNMENT}/submissions/${studentId}?include[]=submission_comments`,
  );
  expect(inCanvas.score).toBe(6);
  expect(inCanvas.submission_comments.at(-1).comment).toBe('A clear first reason.');
  await page.getByTestId('tab-graded').click();
  await expect(page.getByRole('tabpanel').getByTestId('student-entry').filter({ hasText: name })).toContainText('6/10');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/discussion-undone-1280.png` });
});

test('a quiz question save says when the student sees it, links to the attempt, and Undo puts the earlier score back', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await expect(page.getByTestId('question-student')).toBeVisible();
  const shownFirst = (await page.getByTestId('question-student').textContent())!;
  const before = selectedStudentId(page);
  await page.getByTestId('quiz-student').filter({ hasText: 'Needs review' }).nth(3).click();
  await expect.poll(() => selectedStudentId(page)).not.toBe(before);
  const studentId = selectedStudentId(page);
  await expect(page.getByTestId('question-student')).not.toHaveText(shownFirst);
  await expect(page.getByTestId('grade-panel')).toContainText('Is he mad?');
  const name = (await page.getByTestId('question-student').textContent())!;
  const bar = page.getByTestId('save-bar');

  await expect(page.getByTestId('posting-hint')).toHaveText(
    `Grades post automatically on this assignment: ${name} sees the grade and comment as soon as you save.`,
  );

  await page.getByTestId('grade-input').fill('6');
  await page.getByTestId('feedback-input').fill('Quote the narrator.');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(bar.getByTestId('save-status-line')).toContainText('6 / 10 on Is he mad?');

  await page.getByTestId('grade-input').fill('8');
  await page.getByTestId('feedback-input').fill('The narrator’s own words carry it.');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await page.getByTestId('confirm-replace').click();
  await expect(bar.getByTestId('save-status-line')).toContainText('8 / 10 on Is he mad?');
  await expect(bar.getByRole('link', { name: 'View in Canvas' })).toHaveAttribute(
    'href',
    new RegExp(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/history\\?quiz_submission_id=\\d+$`),
  );
  if (SHOTS) {
    await bar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/quiz-saved-with-undo-1280.png` });
  }

  await bar.getByTestId('undo-save').click();
  await expect(bar.getByTestId('save-status-line')).toContainText('Save undone');
  await expect(bar.getByTestId('save-status-line')).toContainText(`${name}: Canvas holds 6 / 10 on Is he mad? again`);
  const questions = (await demoCanvas.get(`courses/${COURSE_ID}/quizzes/${QUIZ_ID}/questions`)) as Array<{
    id: number;
    question_type: string;
  }>;
  const essay = questions.find((question) => question.question_type === 'essay_question')!;
  const submission = await demoCanvas.get(
    `courses/${COURSE_ID}/assignments/${QUIZ_ASSIGNMENT}/submissions/${studentId}?include[]=submission_history`,
  );
  expect(
    submission.submission_history
      .at(-1)
      .submission_data.find((item: { question_id: number }) => item.question_id === essay.id),
  ).toMatchObject({ points: 6, more_comments: 'Quote the narrator.' });
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/quiz-undone-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await bar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/quiz-undone-375.png` });
  }
});
