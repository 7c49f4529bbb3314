import { expect, test } from './fixtures';

test.use({ teacherName: 'Mary McLeod Bethune' });

/** The built-in demo Canvas: AP U.S. History's DBQ (rubric) and English 10's Tell-Tale Heart quiz. */
const COURSE_ID = 4202;
const DBQ_ASSIGNMENT = 5010;
const ENGLISH_COURSE_ID = 4201;
const QUIZ_ID = 8101;

test('after Save & Next the keyboard is on the next student: focus is on their name, not lost to the page', async ({ page, teacherWithDemoCanvas }) => {
  await teacherWithDemoCanvas.open(`/courses/${COURSE_ID}/assignments/${DBQ_ASSIGNMENT}/grade`);
  const name = (await page.getByTestId('student-name').textContent())!;
  await page.getByTestId('feedback-input').fill('Your thesis is clear; tie Document C to it.');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByTestId('student-name')).not.toHaveText(name);
  await expect(page.getByTestId('student-name')).toBeFocused();
  // The single-key shortcuts still work from there: k goes back to the saved student.
  await page.keyboard.press('k');
  await expect(page.getByTestId('student-name')).toHaveText(name);
});

test('after Save & Next Student on a quiz, focus is on the next student, not lost to the page', async ({ page, teacherWithDemoCanvas }) => {
  await teacherWithDemoCanvas.open(`/courses/${ENGLISH_COURSE_ID}/quizzes/${QUIZ_ID}/grade`);
  await page.getByTestId('quiz-student').filter({ hasText: 'Needs review' }).first().click();
  await expect(page.getByTestId('answer-text')).toBeVisible();
  const name = (await page.getByTestId('student-name').textContent())!;
  await page.getByTestId('question-score').fill('6');
  await page.getByRole('button', { name: 'Save & Next Student' }).click();
  await expect(page.getByTestId('student-name')).not.toHaveText(name);
  await expect(page.getByTestId('student-name')).toBeFocused();
});
