import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type DemoCanvas, type Teacher } from './fixtures';
import { chooseDiscussionStudent, chooseQuizStudent } from './support';

/**
 * One grade form on the three grading screens (issue 24): the same order and buttons, results told
 * in the save bar (never a toast over the panel), the keyboard and the view taken to the grade
 * after a draft, and rubric ratings as a radio group per criterion.
 */
const COURSE_ID = 4201;
const ESSAY_ASSIGNMENT = 5002;
const DISCUSSION_ID = 6101;
const QUIZ_ID = 8101;
const HISTORY_COURSE_ID = 4202;
const DBQ_ASSIGNMENT = 5010;
/** Where screenshots go when asked for (SHOTS_DIR=...). */
const SHOTS = process.env.SHOTS_DIR;
// Drafting and loading a class are slower on a busy machine than the default minute allows.
test.setTimeout(150_000);

test.use({ teacherName: "Zoë O'Brien-Nuñez" });

type Screen = 'assignment' | 'discussion' | 'quiz';

/** Writes down every toast shown from the page's start, however briefly it stays. */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]'))
        if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}

async function overlaps(first: Locator, second: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** An essay student whose submission waits for a grade; `skip` passes over the ones other tests use. */
async function waitingEssayStudent(canvas: DemoCanvas, skip: number): Promise<number> {
  const submissions = await canvas.get<
    Array<{
      user_id: number;
      workflow_state: string;
      submission_type: string | null;
      submitted_at: string | null;
      excused: boolean | null;
    }>
  >(`courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/submissions?per_page=100`);
  // Typed essays only: an uploaded file is shown in a file viewer, not as the submission's body, and
  // which students still wait depends on what the tests running beside this one have graded.
  return submissions.filter(
    (submission) =>
      submission.submitted_at &&
      submission.submission_type === 'online_text_entry' &&
      submission.workflow_state === 'submitted' &&
      !submission.excused,
  )[skip]!.user_id;
}

/** Opens a screen on a student waiting for a grade and gives the student's work as shown there. */
async function openScreen(page: Page, teacher: Teacher, canvas: DemoCanvas, screen: Screen): Promise<Locator> {
  if (screen === 'assignment') {
    const userId = await waitingEssayStudent(canvas, 6);
    await teacher.open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade?student=${userId}`);
    await expect(page.getByTestId('submission-body')).toBeVisible({ timeout: 30_000 });
    return page.getByTestId('submission-body');
  }
  if (screen === 'discussion') {
    await teacher.open(`/courses/${COURSE_ID}/discussions/${DISCUSSION_ID}/grade`);
    await chooseDiscussionStudent(page, -2);
    return page.getByTestId('student-posts');
  }
  await teacher.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await chooseQuizStudent(page, -2);
  return page.getByTestId('answer-text');
}

const DRAFT_TITLE: Record<Screen, string> = {
  assignment: 'AI formative grading generated using assignment description!',
  discussion: 'AI formative grading generated using discussion prompt!',
  quiz: 'AI formative grading generated using the question!',
};
const GRADE: Record<Screen, string> = { assignment: '81', discussion: '7', quiz: '6' };

for (const screen of ['assignment', 'discussion', 'quiz'] as const) {
  test(`the ${screen} screen tells a draft and a save in its save bar, in the same words as the others, covering neither the work nor the grade, and shows no toast`, async ({
    page,
    teacherWithDemoCanvas: teacher,
    demoCanvas,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await recordToasts(page);
    const work = await openScreen(page, teacher, demoCanvas, screen);
    const name = (await page.getByTestId('student-name').textContent())!;
    const bar = page.getByTestId('save-bar');
    // The same buttons on every screen, Save & Next first and the main one.
    await expect(bar.getByRole('button')).toHaveText(['Save & Next', 'Save to Canvas']);
    await expect(bar.getByTestId('save-and-next')).toHaveClass(/bg-brand-700/);

    await page.getByRole('button', { name: 'Draft with AI' }).click();
    const status = bar.getByTestId('save-status-line');
    await expect(status).toContainText(DRAFT_TITLE[screen], { timeout: 60_000 });
    await expect(status).toContainText(`For ${name}.`);
    const grade = page.getByTestId('grade-input');
    await expect(grade).toBeFocused();
    expect(await overlaps(status, grade)).toBe(false);
    expect(await overlaps(status, work)).toBe(false);

    await grade.fill(GRADE[screen]);
    await page.getByTestId('feedback-input').fill(`Thank you, ${name.split(' ')[0]}: the evidence carries it.`);
    await bar.getByRole('button', { name: 'Save to Canvas' }).click();
    await expect(status).toContainText('Grade and feedback saved to Canvas', { timeout: 30_000 });
    await expect(status).toContainText(`${name}: Canvas stored: ${GRADE[screen]}`);
    // One result at a time: the save's took the draft's place.
    await expect(bar.getByTestId('save-status-line')).toHaveCount(1);
    await expect(bar).not.toContainText(DRAFT_TITLE[screen]);
    expect(await overlaps(status, grade)).toBe(false);
    expect(await overlaps(status, work)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${screen}-saved-1280.png` });
    expect(await toastsSeen(page)).toEqual([]);
  });
}

test('a failed save stays in the save bar until the teacher acts: another student’s save does not hide it', async ({
  page,
  teacherWithDemoCanvas: teacher,
}) => {
  await teacher.open(`/courses/${COURSE_ID}/discussions/${DISCUSSION_ID}/grade`);
  const first = await chooseDiscussionStudent(page, -4);
  const nameHeading = page.getByTestId('student-name');
  // The connection drops before this student's save reaches the server.
  const grades = `**/api/grading/courses/${COURSE_ID}/discussions/${DISCUSSION_ID}/grades/*`;
  await page.route(grades, (route) => route.abort('failed'));
  await page.getByTestId('grade-input').fill('6');
  await page.getByTestId('feedback-input').fill('Kept while the connection was down.');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  const bar = page.getByTestId('save-bar');
  await expect(bar.getByRole('alert')).toContainText('Grade Save Failed');
  await expect(bar.getByRole('alert')).toContainText(`${first}: An unexpected error occurred while saving the grade`);
  // A failed save never moves on (decision 050): she moves on herself.
  await expect(nameHeading).toHaveText(first);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(nameHeading).not.toHaveText(first);

  // The next student is saved; the failure waits below the new result, with the way back.
  await page.unroute(grades);
  const second = (await nameHeading.textContent())!;
  await page.getByTestId('grade-input').fill('8');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(bar.getByTestId('save-status-line')).toContainText(`${second}: Canvas stored: 8 / 10.`);
  const reminder = bar.getByTestId('save-status-reminder');
  await expect(reminder).toContainText(`Not saved yet: ${first}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/failed-save-waits-1280.png` });

  await reminder.getByRole('button', { name: `Back to ${first}` }).click();
  await expect(nameHeading).toHaveText(first);
  await expect(page.getByTestId('kept-edits')).toBeVisible();
  await expect(page.getByTestId('feedback-input')).toHaveValue('Kept while the connection was down.');
  await bar.getByRole('button', { name: 'Save to Canvas' }).click();
  await expect(bar.getByTestId('save-status-line')).toContainText(`${first}: Canvas stored: 6 / 10.`);
  await expect(bar.getByTestId('save-status-reminder')).toHaveCount(0);
});

test('after a draft the grade has the keyboard and is in view, even when the panel was scrolled to the rubric', async ({
  page,
  teacherWithDemoCanvas: teacher,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await teacher.open(`/courses/${HISTORY_COURSE_ID}/assignments/${DBQ_ASSIGNMENT}/grade`);
  await page.getByRole('combobox', { name: 'Jump to Student' }).selectOption({ label: 'Anderson, Zara (Submitted)' });
  await expect(page.getByTestId('student-name')).toHaveText('Zara Anderson');
  await page.getByRole('switch', { name: 'Grade with the rubric' }).click();
  const rubric = page.getByRole('group', { name: 'Rubric', exact: true });
  if ((await rubric.getAttribute('open')) === null) await rubric.locator('summary').click();
  // The teacher has scrolled the panel down to the rubric and the save bar, and clicks on the page.
  const panelColumn = page.getByTestId('grade-panel').locator('xpath=..');
  await panelColumn.evaluate((column) => (column.scrollTop = column.scrollHeight));
  await expect(page.getByTestId('grade-input')).not.toBeInViewport();
  await page.getByTestId('submission-body').click();
  await page.keyboard.press('d');
  await expect(page.getByTestId('save-status-line')).toContainText(
    'AI formative grading generated using rubric criteria!',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('grade-input')).toBeFocused();
  await expect(page.getByTestId('grade-input')).toBeInViewport();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/after-draft-grade-in-view-1280.png` });

  await teacher.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await chooseQuizStudent(page, -3);
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  await expect(page.getByTestId('save-status-line')).toContainText(
    'AI formative grading generated using the question!',
  );
  await expect(page.getByTestId('grade-input')).toBeFocused();
  await expect(page.getByTestId('grade-input')).toBeInViewport();
});

/** Opens the rubric on the essay of a student waiting for a grade. */
async function openEssayRubric(page: Page, teacher: Teacher, canvas: DemoCanvas) {
  const userId = await waitingEssayStudent(canvas, 7);
  await teacher.open(`/courses/${COURSE_ID}/assignments/${ESSAY_ASSIGNMENT}/grade?student=${userId}`);
  await expect(page.getByTestId('student-name')).toBeVisible({ timeout: 30_000 });
  const rubric = page.getByRole('group', { name: 'Rubric', exact: true });
  if ((await rubric.getAttribute('open')) === null) await rubric.locator('summary').click();
  await expect(rubric.getByRole('radiogroup').first()).toBeVisible();
  return rubric;
}

test('rubric ratings are a radio group per criterion: arrow keys choose, Tab goes on, the choice is announced, and axe finds nothing', async ({
  page,
  teacherWithDemoCanvas: teacher,
  demoCanvas,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const rubric = await openEssayRubric(page, teacher, demoCanvas);
  const name = (await page.getByTestId('student-name').textContent())!;
  const groups = rubric.getByRole('radiogroup');
  const firstGroup = groups.first();
  const criterion = (await firstGroup.getAttribute('aria-labelledby'))!;
  const criterionName = (await page.locator(`[id="${criterion}"]`).textContent())!;
  const points = rubric.getByRole('spinbutton', { name: `Points for ${criterionName}` });
  const ratings = firstGroup.getByRole('radio');
  const ratingCount = await ratings.count();
  expect(ratingCount).toBeGreaterThan(1);

  // From the criterion's points, Tab reaches its ratings; Space chooses one, the arrows move the choice.
  await points.focus();
  await page.keyboard.press('Tab');
  await expect(ratings.first()).toBeFocused();
  await page.keyboard.press('Space');
  await expect(ratings.first()).toBeChecked();
  const firstPoints = await points.inputValue();
  await page.keyboard.press('ArrowRight');
  await expect(ratings.nth(1)).toBeFocused();
  await expect(ratings.nth(1)).toBeChecked();
  await expect(ratings.first()).not.toBeChecked();
  expect(await points.inputValue()).not.toBe(firstPoints);
  // The arrows belong to the ratings here: the student stays the same.
  await expect(page.getByTestId('student-name')).toHaveText(name);
  await page.keyboard.press('ArrowLeft');
  await expect(ratings.first()).toBeChecked();
  await expect(points).toHaveValue(firstPoints);
  // A screen reader is told which rating is chosen, inside a group named for the criterion.
  await expect(page.getByRole('radiogroup', { name: criterionName }).getByRole('radio', { checked: true })).toHaveCount(
    1,
  );

  // Tab leaves the ratings for the criterion's comment, then the next criterion.
  await page.keyboard.press('Tab');
  await expect(rubric.getByRole('textbox', { name: `Comment for ${criterionName}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(groups.nth(1).getByRole('radio').first()).toBeFocused();

  // Points between two ratings stay possible: no rating is then chosen.
  await points.fill(String(Number(firstPoints) - 0.5));
  await expect(firstGroup.getByRole('radio', { checked: true })).toHaveCount(0);

  const results = await new AxeBuilder({ page })
    .include('[data-testid="grade-panel"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.length }))).toEqual([]);
  if (SHOTS) {
    await firstGroup.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/rubric-radios-1280.png` });
  }
});

test('the quiz form keeps a draft and edits while the teacher moves to the next student and back by keyboard', async ({
  page,
  teacherWithDemoCanvas: teacher,
}) => {
  await teacher.open(`/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await chooseQuizStudent(page, -4);
  const nameHeading = page.getByTestId('student-name');
  const first = (await nameHeading.textContent())!;
  await page.getByRole('button', { name: 'Draft with AI' }).click();
  await expect(page.getByTestId('save-status-line')).toContainText(
    'AI formative grading generated using the question!',
  );
  const drafted = await page.getByTestId('grade-input').inputValue();
  await page.getByTestId('feedback-input').fill('Kept: the narrator’s calm is the evidence.');
  await page.keyboard.press('Escape');

  await page.keyboard.press('j');
  await expect(nameHeading).not.toHaveText(first);
  await expect(page.getByTestId('kept-edits')).toHaveCount(0);
  await page.keyboard.press('k');
  await expect(nameHeading).toHaveText(first);
  await expect(page.getByTestId('kept-edits')).toBeVisible();
  await expect(page.getByTestId('grade-input')).toHaveValue(drafted);
  await expect(page.getByTestId('feedback-input')).toHaveValue('Kept: the narrator’s calm is the evidence.');
  await expect(page.getByTestId('grade-review')).not.toBeEmpty();
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('each rubric rating is at least 24 px tall and the panel passes axe', async ({
    page,
    teacherWithDemoCanvas: teacher,
    demoCanvas,
  }) => {
    const rubric = await openEssayRubric(page, teacher, demoCanvas);
    const heights = await rubric
      .getByTestId('rubric-rating')
      .evaluateAll((ratings) => ratings.map((rating) => rating.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(3);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(24);
    const results = await new AxeBuilder({ page })
      .include('[data-testid="grade-panel"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    if (SHOTS) {
      await rubric.getByRole('radiogroup').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/rubric-radios-375.png` });
    }
  });
});

for (const width of [375, 768]) {
  test(`at ${width} px the three screens draft into the same form and tell it in the save bar`, async ({
    page,
    teacherWithDemoCanvas: teacher,
    demoCanvas,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 1024 });
    await recordToasts(page);
    for (const screen of ['assignment', 'discussion', 'quiz'] as const) {
      const work = await openScreen(page, teacher, demoCanvas, screen);
      await page.getByRole('button', { name: 'Draft with AI' }).click();
      const status = page.getByTestId('save-bar').getByTestId('save-status-line');
      await expect(status).toContainText(DRAFT_TITLE[screen], { timeout: 60_000 });
      await expect(page.getByTestId('grade-input')).toBeInViewport();
      expect(await overlaps(status, page.getByTestId('grade-input'))).toBe(false);
      expect(await overlaps(status, work)).toBe(false);
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/${screen}-drafted-${width}.png` });
        await page.screenshot({ path: `${SHOTS}/${screen}-drafted-${width}-full.png`, fullPage: true });
      }
    }
    expect(await toastsSeen(page)).toEqual([]);
  });
}
