import type { Locator, Page } from '@playwright/test';
import { expect, test, type DemoCanvas, type Teacher } from './fixtures';
import { chooseDiscussionStudent, chooseQuizStudent } from './support';

/**
 * Honest state on the grading screens (issue 12): rubric comments follow the points, practice quizzes
 * and ungraded surveys are not offered for grading, Start Grading opens the right grader, unsaved
 * edits are kept per student, and a usage that cannot be loaded is said next to Save.
 */
const COURSE_ID = 4201;
const DISCUSSION_ID = 6101;
const QUIZ_ID = 8101;
const PRACTICE_QUIZ_ID = 8102;
const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/_shots/grading-fidelity-2';
// Drafting and loading a class are slower on a busy machine than the default minute allows.
test.setTimeout(120_000);

test.use({ teacherName: 'Dorothy Vaughan' });

type DemoSubmission = {
  user_id: number;
  score: number | null;
  workflow_state: string;
  excused: boolean | null;
  submitted_at: string | null;
};
type DemoRubricCriterion = { id: string; points: number; description: string };

async function assignmentNamed(canvas: DemoCanvas, name: string) {
  const assignments = await canvas.get<
    Array<{ id: number; name: string; points_possible: number; rubric?: DemoRubricCriterion[] }>
  >(`courses/${COURSE_ID}/assignments?per_page=100`);
  return assignments.find((assignment) => assignment.name === name)!;
}

/** A student whose submission waits for a grade; `skip` passes over the first few (other tests use them). */
async function waitingStudent(canvas: DemoCanvas, assignmentId: number, skip = 0): Promise<number> {
  const submissions = await canvas.get<DemoSubmission[]>(
    `courses/${COURSE_ID}/assignments/${assignmentId}/submissions?per_page=100`,
  );
  return submissions.filter(
    (submission) => submission.submitted_at && submission.workflow_state === 'submitted' && !submission.excused,
  )[skip]!.user_id;
}

async function openStudent(page: Page, teacher: Teacher, assignmentId: number, userId: number) {
  await teacher.open(`/courses/${COURSE_ID}/assignments/${assignmentId}/grade?student=${userId}`);
  await expect(page.getByTestId('student-name')).toBeVisible({ timeout: 30_000 });
}

/** The points a rating radio gives ("Developing (9)" → 9). */
async function chipPoints(rating: Locator): Promise<number> {
  const label = await rating.evaluate((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? '');
  return Number(/\(([\d.]+)\)\s*$/.exec(label)![1]);
}

test('a drafted rubric comment is cleared when its rating changes, comes back with the draft’s points, and Canvas never gets it beside other points', async ({
  page,
  teacherWithDemoCanvas: teacher,
  demoCanvas,
}) => {
  const assignment = await assignmentNamed(demoCanvas, 'Argumentative Essay: Should School Start Later?');
  const userId = await waitingStudent(demoCanvas, assignment.id, 3);
  await openStudent(page, teacher, assignment.id, userId);

  await page.getByRole('switch', { name: /^Grade with the rubric/ }).click();
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  const criterion = page.getByRole('group', { name: 'Rubric' }).locator('li').first();
  const comment = criterion.getByRole('textbox', { name: /^Comment for / });
  const points = criterion.getByRole('spinbutton', { name: /^Points for / });
  await expect(comment).not.toHaveValue('', { timeout: 60_000 });
  const draftedComment = await comment.inputValue();
  const draftedPoints = Number(await points.inputValue());

  // Another rating: the drafted words argued for other points, so they go, and the editor says why.
  const chips = criterion.getByRole('radio');
  let other: Locator | null = null;
  for (let index = 0; index < (await chips.count()); index += 1) {
    if ((await chipPoints(chips.nth(index))) !== draftedPoints) {
      other = chips.nth(index);
      break;
    }
  }
  const otherPoints = await chipPoints(other!);
  await other!.click();
  await expect(points).toHaveValue(String(otherPoints));
  await expect(comment).toHaveValue('');
  await expect(criterion.getByTestId('rubric-comment-cleared')).toContainText(`written for ${draftedPoints} points`);
  await criterion.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/rubric-comment-cleared-1280.png` });

  // Back to the draft's points: the drafted comment is back.
  await points.fill(String(draftedPoints));
  await expect(comment).toHaveValue(draftedComment);
  await expect(criterion.getByTestId('rubric-comment-cleared')).toHaveCount(0);

  // A comment the teacher wrote stays, whatever the rating.
  await other!.click();
  await expect(comment).toHaveValue('');
  await comment.fill('Your evidence is strong: the survey and the AAP report do the work.');
  const another = (await chipPoints(chips.first())) !== otherPoints ? chips.first() : chips.last();
  await another.click();
  await expect(comment).toHaveValue('Your evidence is strong: the survey and the AAP report do the work.');
  await other!.click();

  await page.getByRole('button', { name: 'Save to Canvas' }).click();
  const extraCredit = page.getByTestId('confirm-extra-credit');
  await expect(page.getByText(/Canvas stored:/).or(extraCredit)).toBeVisible({ timeout: 30_000 });
  if (await extraCredit.isVisible()) await extraCredit.click();
  await expect(page.getByText(/Canvas stored:/)).toBeVisible();

  const stored = await demoCanvas.get<{
    rubric_assessment: Record<string, { points: number; comments: string | null }>;
  }>(`courses/${COURSE_ID}/assignments/${assignment.id}/submissions/${userId}?include[]=rubric_assessment`);
  const firstId = assignment.rubric![0]!.id;
  expect(stored.rubric_assessment[firstId]).toMatchObject({
    points: otherPoints,
    comments: 'Your evidence is strong: the survey and the AAP report do the work.',
  });
  for (const [id, entry] of Object.entries(stored.rubric_assessment)) {
    if (id !== firstId) expect(entry.comments ?? '', id).not.toBe(draftedComment);
  }
});

test('practice quizzes and ungraded surveys are not offered for grading', async ({
  page,
  teacherWithDemoCanvas: teacher,
  demoCanvas,
}) => {
  const quizzes = await demoCanvas.get<Array<{ id: number; title: string; quiz_type: string }>>(
    `courses/${COURSE_ID}/quizzes`,
  );
  const survey = quizzes.find((quiz) => quiz.quiz_type === 'survey')!;

  await teacher.open(`/courses/${COURSE_ID}`);
  await page.getByRole('tab', { name: /^Quizzes/ }).click();
  const rows = page.getByTestId('quiz-row');
  await expect(rows.filter({ hasText: 'Unit 1 Reading Quiz' }).getByRole('link', { name: /^Grade / })).toBeVisible();
  for (const title of ['Literary Terms Practice', survey.title]) {
    await expect(rows.filter({ hasText: title })).toBeVisible();
    await expect(rows.filter({ hasText: title }).getByRole('link')).toHaveCount(0);
    await expect(rows.filter({ hasText: title }).getByTestId('quiz-not-graded-label')).toHaveText(
      'Not graded in Canvas',
    );
  }
  await page.screenshot({ path: `${SHOTS}/course-quiz-list-1280.png` });

  await page.goto('/assignments');
  await expect(page.getByTestId('needs-grading-card').first()).toBeVisible({ timeout: 30_000 });
  for (const title of ['Literary Terms Practice', survey.title])
    await expect(page.getByTestId('needs-grading-card').filter({ hasText: title })).toHaveCount(0);

  // Opened by its address, the survey is shown but not graded: no score field, no Save, no credit.
  for (const [quizId, kind] of [
    [survey.id, 'an ungraded survey'],
    [PRACTICE_QUIZ_ID, 'a practice quiz'],
  ] as const) {
    await page.goto(`/courses/${COURSE_ID}/quizzes/${quizId}/grade`);
    await expect(page.getByTestId('quiz-not-graded')).toContainText(`This quiz is ${kind}: it has no grade in Canvas`, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('save-grade')).toHaveCount(0);
    await expect(page.getByTestId('grade-input')).toHaveCount(0);
    if (quizId === survey.id) await page.screenshot({ path: `${SHOTS}/survey-not-graded-1280.png` });
  }
});

test('Start Grading opens the discussion grader for a discussion and the quiz grader for a quiz', async ({
  page,
  teacherWithDemoCanvas: teacher,
}) => {
  await teacher.open('/assignments');
  const cards = page.getByTestId('needs-grading-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/needs-grading-1280.png`, fullPage: true });

  await cards
    .filter({ hasText: 'Discussion: Is Social Media Good for Teens?' })
    .getByRole('link', { name: /Start Grading/ })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/courses/${COURSE_ID}/discussions/${DISCUSSION_ID}/grade(\\?student=\\d+)?$`),
  );
  await expect(page.getByText('Grade Discussion')).toBeVisible();
  await expect(page.getByTestId('student-post').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/start-grading-discussion-1280.png` });

  await page.goBack();
  await cards
    .filter({ hasText: 'Unit 1 Reading Quiz: The Tell-Tale Heart' })
    .getByRole('link', { name: /Start Grading/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade(\\?student=\\d+)?$`));
  await expect(page.getByTestId('grade-panel')).toContainText('Is he mad?', { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/start-grading-quiz-1280.png` });

  await page.goBack();
  await cards
    .filter({ hasText: 'Argumentative Essay: Should School Start Later?' })
    .getByRole('link', { name: /Start Grading/ })
    .click();
  await expect(page).toHaveURL(/\/courses\/4201\/assignments\/\d+\/grade(\?student=\d+)?$/);
});

test('a discussion draft’s quoted evidence is the student’s own words', async ({
  page,
  teacherWithDemoCanvas: teacher,
}) => {
  await teacher.open(`/courses/${COURSE_ID}/discussions/${DISCUSSION_ID}/grade`);
  await chooseDiscussionStudent(page, 1);
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  const details = page.getByTestId('draft-details');
  await expect(details.locator('blockquote').first()).toBeVisible({ timeout: 60_000 });
  for (const quote of await details.locator('blockquote').allTextContents()) {
    const fragment = quote.replace(/^[\s"“….]+/, '').slice(0, 30);
    // Only the student's own post bodies count, not the classmates' posts they reply to.
    await expect(page.getByTestId('post-body').filter({ hasText: fragment }), quote).not.toHaveCount(0);
  }
  await details.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/discussion-draft-quotes-1280.png` });
});

test('unsaved discussion edits are kept per student when the teacher moves on and back', async ({
  page,
  teacherWithDemoCanvas: teacher,
}) => {
  await teacher.open(`/courses/${COURSE_ID}/discussions/${DISCUSSION_ID}/grade`);
  const first = await chooseDiscussionStudent(page, 4);
  const name = page.getByTestId('student-name');
  await page.getByTestId('grade-input').fill('6');
  await page.getByTestId('feedback-input').fill('Kept while I read the next post.');

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(name).not.toHaveText(first);
  await expect(page.getByTestId('feedback-input')).toHaveValue('');
  await expect(page.getByTestId('kept-edits')).toHaveCount(0);

  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(name).toHaveText(first);
  await expect(page.getByTestId('grade-input')).toHaveValue('6');
  await expect(page.getByTestId('feedback-input')).toHaveValue('Kept while I read the next post.');
  await expect(page.getByTestId('kept-edits')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/discussion-kept-edits-1280.png` });
});

test('unsaved quiz scores and comments are kept per student when the teacher moves on and back', async ({
  page,
  teacherWithDemoCanvas: teacher,
}) => {
  await teacher.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  const waiting = page.getByTestId('quiz-student').filter({ hasText: 'Needs review' });
  const chosen = await chooseQuizStudent(page, 4);
  const card = page.getByTestId('grade-panel');
  await expect(card).toContainText('Is he mad?', { timeout: 30_000 });
  const student = page.getByTestId('question-student');
  const first = (await student.textContent())!;
  await page.getByTestId('grade-input').fill('4');
  await page.getByTestId('feedback-input').fill('Kept: come back to the evidence.');

  await waiting.nth(5).click();
  await expect(student).not.toHaveText(first);
  await expect(page.getByTestId('grade-input')).toHaveValue('');
  await expect(page.getByTestId('feedback-input')).toHaveValue('');

  await page.getByTestId('quiz-student').filter({ hasText: chosen }).click();
  await expect(student).toHaveText(first);
  await expect(page.getByTestId('grade-input')).toHaveValue('4');
  await expect(page.getByTestId('feedback-input')).toHaveValue('Kept: come back to the evidence.');
  await expect(page.getByTestId('kept-edits')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quiz-kept-edits-1280.png` });
});

test('when usage cannot be loaded, a note beside Save says so and the server still decides the save', async ({
  page,
  teacherWithDemoCanvas: teacher,
  demoCanvas,
}) => {
  await page.route('**/api/usage', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Usage is unavailable.' } }),
    }),
  );
  const assignment = await assignmentNamed(demoCanvas, 'Reading Response Journal');
  const userId = await waitingStudent(demoCanvas, assignment.id, 2);
  await openStudent(page, teacher, assignment.id, userId);

  const note = page.getByTestId('usage-unknown');
  await expect(note).toHaveText(
    'Your usage could not be loaded, so Margin cannot show how many credits are left. Saving still checks your limit, and a save over it is refused without being charged.',
    { timeout: 30_000 },
  );
  await page.getByTestId('grade-input').fill('8');
  await page.getByTestId('feedback-input').fill('Thoughtful response.');
  const save = page.getByRole('button', { name: 'Save to Canvas' });
  await expect(save).toBeEnabled();
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/usage-unknown-note-1280.png` });
  await save.click();
  await expect(page.getByText('Canvas stored: 8 / 10.')).toBeVisible();
  const stored = await demoCanvas.get<DemoSubmission>(
    `courses/${COURSE_ID}/assignments/${assignment.id}/submissions/${userId}`,
  );
  expect(stored.score).toBe(8);
});

/** Holds every request matching `pattern` until the returned function is called. */
async function holdRequests(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await released;
    await route.continue();
  });
  return release;
}

test('Save is disabled while a draft is being written, on the assignment and the quiz screens', async ({
  page,
  teacherWithDemoCanvas: teacher,
  demoCanvas,
}) => {
  const assignment = await assignmentNamed(demoCanvas, 'Reading Response Journal');
  const userId = await waitingStudent(demoCanvas, assignment.id, 4);
  await openStudent(page, teacher, assignment.id, userId);
  await page.getByTestId('grade-input').fill('7');
  const save = page.getByRole('button', { name: 'Save to Canvas' });
  const saveAndNext = page.getByRole('button', { name: 'Save & Next' });
  await expect(save).toBeEnabled();
  const releaseDraft = await holdRequests(page, '**/drafts');
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  await expect(save).toBeDisabled();
  await expect(saveAndNext).toBeDisabled();
  releaseDraft();
  await expect(page.getByTestId('save-bar')).toContainText('AI formative grading generated', { timeout: 30_000 });
  await expect(save).toBeEnabled();

  await teacher.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await chooseQuizStudent(page, 6);
  const card = page.getByTestId('grade-panel');
  await expect(card).toContainText('Is he mad?', { timeout: 30_000 });
  await expect(page.getByTestId('answer-text')).toBeVisible();
  await page.getByTestId('grade-input').fill('3');
  const saveQuestion = page.getByRole('button', { name: 'Save to Canvas' });
  await expect(saveQuestion).toBeEnabled();
  const releaseQuizDraft = await holdRequests(page, '**/questions/*/draft');
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  await expect(saveQuestion).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save & Next' })).toBeDisabled();
  releaseQuizDraft();
  await expect(page.getByTestId('save-bar')).toContainText('AI formative grading generated', { timeout: 30_000 });
  await expect(saveQuestion).toBeEnabled();
});
