import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ teacherName: 'Mary Jackson' });

/** The built-in demo Canvas's English 10 course: a graded discussion and a quiz with an essay question. */
const COURSE_ID = 4201;
const DISCUSSION_ID = 6101;
const DISCUSSION_ASSIGNMENT = 5007;
const QUIZ_ID = 8101;
const QUIZ_ASSIGNMENT = 5008;

function selectedStudentId(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('student'));
}

test('a teacher grades a discussion entry and the grade is in Canvas', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/discussions/${DISCUSSION_ID}/grade`);
  await expect(page.getByRole('heading', { name: 'Is Social Media Good for Teens?' })).toBeVisible();
  await expect(page.getByText('Grade Discussion')).toBeVisible();
  await expect(page.getByText('Post your answer with at least one reason')).toBeVisible();
  await expect(page.getByTestId('discussion-points')).toHaveText('10 points');
  await expect(page.getByTestId('letter-distribution')).toBeVisible();

  await page.getByTestId('tab-ungraded').click();
  const entries = page.getByRole('tabpanel').getByTestId('student-entry').filter({ hasText: 'Submitted' });
  await expect(entries.nth(2)).toBeVisible();
  // The screen opens on a student of its own: wait until the chosen one has taken her place.
  const name = (await entries.nth(2).locator('span[title]').getAttribute('title'))!;
  await entries.filter({ hasText: name }).click();
  await expect(page.getByTestId('student-name')).toHaveText(name);
  await expect.poll(() => selectedStudentId(page)).toBeGreaterThan(0);
  const studentId = selectedStudentId(page);

  // The student's posts in context, and a reply shows what it answers.
  await expect(page.getByTestId('student-post').first()).toBeVisible();
  await expect(page.getByTestId('participation-level')).toHaveText(/None|Minimal|Good|Excellent/);

  // Keyboard: J moves on, K comes back.
  await page.keyboard.press('j');
  await expect(page.getByTestId('student-name')).not.toHaveText(name);
  await page.keyboard.press('k');
  await expect(page.getByTestId('student-name')).toHaveText(name);

  await page.getByTestId('grade-input').fill('8.5');
  await expect(page.getByTestId('grade-input-percent')).toHaveText('85.0%');
  await page.getByTestId('feedback-input').fill('Clear reasons, and your replies moved the conversation on.');
  await page.getByTestId('save-grade').click();
  await expect(page.getByTestId('save-bar').getByText('Grade and feedback saved to Canvas')).toBeVisible();
  await expect(page.getByTestId('save-bar')).toContainText(`${name}: Canvas stored: 8.5 / 10.`);

  const submission = await demoCanvas.get(
    `courses/${COURSE_ID}/assignments/${DISCUSSION_ASSIGNMENT}/submissions/${studentId}?include[]=submission_comments`,
  );
  expect(submission.score).toBe(8.5);
  expect(submission.workflow_state).toBe('graded');
  expect(submission.submission_comments.at(-1).comment).toBe(
    'Clear reasons, and your replies moved the conversation on.',
  );

  // The student is now on the Graded tab with the score.
  await page.getByTestId('tab-graded').click();
  await expect(page.getByRole('tabpanel').getByTestId('student-entry').filter({ hasText: name })).toContainText(
    '8.5/10',
  );
});

test('a teacher grades a quiz essay question and the score is in Canvas', async ({
  page,
  teacherWithDemoCanvas,
  demoCanvas,
}) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await expect(page.getByRole('heading', { name: 'Unit 1 Reading Quiz: The Tell-Tale Heart' })).toBeVisible();
  await expect(page.getByTestId('quiz-type')).toHaveText('Graded Quiz');
  await expect(page.getByTestId('quiz-time-limit')).toHaveText('30 minutes');
  await expect(page.getByTestId('quiz-manual-count')).toHaveText('1 question needs manual grading');
  const needsGrading = Number(await page.getByTestId('needs-grading-count').textContent());
  expect(needsGrading).toBeGreaterThan(0);

  const waiting = page.getByTestId('quiz-student').filter({ hasText: 'Needs review' });
  await expect(waiting.nth(1)).toBeVisible();
  const chosen = (await waiting.nth(1).locator('span').first().textContent())!;
  await waiting.filter({ hasText: chosen }).click();
  await expect(page.getByTestId('quiz-student').filter({ hasText: chosen })).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => selectedStudentId(page)).toBeGreaterThan(0);
  const studentId = selectedStudentId(page);

  // The essay waiting for a person opens first; the answer loads on demand.
  await expect(page.getByTestId('grade-panel')).toContainText('Is he mad?');
  await expect(page.getByTestId('answer-text')).toBeVisible();
  await expect(page.getByTestId('question-row').filter({ hasText: 'Narrator' })).toContainText(/Correct|Incorrect/);

  await page.getByRole('button', { name: 'Draft with AI' }).click();
  await expect(page.getByTestId('save-bar')).toContainText('AI formative grading generated using the question!');
  await expect(page.getByTestId('grade-review')).not.toBeEmpty();
  await expect(page.getByTestId('feedback-input')).not.toHaveValue('');

  await page.getByTestId('grade-input').fill('7.5');
  await page.getByTestId('feedback-input').fill('Good use of the narrator’s own words.');
  await page.getByTestId('save-grade').click();
  await expect(page.getByTestId('save-bar').getByText('Grade and feedback saved to Canvas')).toBeVisible();
  await expect(page.getByTestId('save-bar')).toContainText('7.5 / 10 on Is he mad?');
  await expect(page.getByTestId('needs-grading-count')).toHaveText(String(needsGrading - 1));

  const questions = await demoCanvas.get(`courses/${COURSE_ID}/quizzes/${QUIZ_ID}/questions`);
  const essay = (questions as Array<{ id: number; question_type: string }>).find(
    (question) => question.question_type === 'essay_question',
  )!;
  const submission = await demoCanvas.get(
    `courses/${COURSE_ID}/assignments/${QUIZ_ASSIGNMENT}/submissions/${studentId}?include[]=submission_history`,
  );
  const answer = submission.submission_history
    .at(-1)
    .submission_data.find((item: { question_id: number }) => item.question_id === essay.id);
  expect(answer).toMatchObject({
    points: 7.5,
    correct: 'defined',
    more_comments: 'Good use of the narrator’s own words.',
  });
  expect(submission.workflow_state).toBe('graded');
});
