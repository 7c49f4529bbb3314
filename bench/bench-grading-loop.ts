import { chromium, type Page } from '@playwright/test';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { printTable } from './load';

/** The built-in demo's English 10 course: an essay assignment, a graded discussion and a quiz with an essay question. */
const COURSE_ID = 4201;
/** Each screen, its grade field, and what shows the student's work (the quiz's answers arrive separately). */
const screens = (assignmentId: number) => [
  {
    name: 'assignment',
    path: `/courses/${COURSE_ID}/assignments/${assignmentId}/grade`,
    grade: 'grade-input',
    value: '8',
    work: '[data-testid="submission-status"]',
  },
  {
    name: 'discussion',
    path: `/courses/${COURSE_ID}/discussions/6101/grade`,
    grade: 'grade-input',
    value: '8',
    work: '[data-testid="participation-level"]',
  },
  {
    name: 'quiz',
    path: `/courses/${COURSE_ID}/quizzes/8101/grade`,
    grade: 'grade-input',
    value: '3',
    work: '[data-testid="answer-text"], [data-testid="answer-choices"], [data-testid="answer-unavailable"]',
  },
];

/**
 * Run in the page (as text: the bundler's helpers do not exist there): resolves with the time from
 * the next click to the first frame that shows another student's name and `work`.
 */
const TIME_NEXT_STUDENT = `({ previous, work }) => new Promise((resolve) => {
  let clickedAt = 0;
  window.addEventListener('click', () => { clickedAt = performance.now(); }, { capture: true, once: true });
  const check = () => {
    const name = document.querySelector('[data-testid="student-name"]')?.textContent;
    if (clickedAt > 0 && name && name !== previous && document.querySelector(work)) resolve(performance.now() - clickedAt);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  setTimeout(() => resolve(-1), 20000);
})`;

/** How many Save & Next moves each screen is measured over. */
const MOVES = 10;

type Teacher = { email: string; password: string };
type Screen = ReturnType<typeof screens>[number];

/**
 * The grading loop in Chromium, with Canvas answering every request `latencyMs` late: for each
 * screen, the time from clicking Save & Next to the next student's work on screen (the median over
 * `MOVES` students), and the Canvas requests each graded student cost (the demo Canvas's own log,
 * from opening the screen to the last save's answer, divided by the students saved).
 */
export async function benchGradingLoop(
  address: string,
  canvas: RunningDemoCanvas,
  newTeacher: () => Promise<Teacher>,
  latencyMs = 100,
) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const rows: Array<[string, string]> = [];
  try {
    for (const screen of screens(await essayWithMostWaiting(canvas))) {
      // A teacher per screen: a new account's free credits cover ten saves.
      const teacher = await newTeacher();
      const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
      const page = await context.newPage();
      await page.goto(`${address}/`);
      const status = await page.evaluate(
        async (body) =>
          (
            await fetch('/api/auth/sign-in', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { email: teacher.email, password: teacher.password },
      );
      if (status !== 200) throw new Error(`bench sign-in failed (${status})`);
      canvas.faults.latencyMs = latencyMs;
      canvas.requestLog.length = 0;
      const { times, saved } = await gradeInARow(page, `${address}${screen.path}`, screen);
      // Let anything the last save started (list refreshes) reach Canvas before counting.
      await page.waitForLoadState('networkidle');
      const requests = [...canvas.requestLog];
      canvas.faults.latencyMs = 0;
      await context.close();
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
      rows.push([
        `${screen.name}: Save & Next to the next student's work`,
        `${median.toFixed(0)} ms median of ${times.length} (${sorted.map((time) => time.toFixed(0)).join(', ')} ms)`,
      ]);
      rows.push([
        `${screen.name}: Canvas requests per student graded`,
        `${(requests.length / Math.max(1, saved)).toFixed(1)} (${requests.length} for ${saved} students, opening the screen included: ${summarize(requests)})`,
      ]);
    }
  } finally {
    await browser.close();
  }
  printTable(
    `The grading loop in Chromium (demo Canvas at ${latencyMs} ms per request; a shared machine, run under nice)`,
    rows,
  );
}

/**
 * Opens the screen and grades `MOVES` students with Save & Next. A student who cannot be saved (no
 * submission, excused, still taking the quiz) is passed with Next, unmeasured.
 */
async function gradeInARow(page: Page, url: string, screen: Screen): Promise<{ times: number[]; saved: number }> {
  await page.goto(url);
  await page.locator(screen.work).first().waitFor({ timeout: 60_000 });
  const times: number[] = [];
  let saved = 0;
  for (let step = 0; times.length < MOVES && step < MOVES * 4; step++) {
    const before = await page.getByTestId('student-name').first().textContent();
    const input = page.getByTestId(screen.grade);
    const saveAndNext = page.getByRole('button', { name: /^Save & Next/ });
    if (!(await input.isEnabled().catch(() => false)) || (await saveAndNext.count()) === 0) {
      await page.keyboard.press('j');
      await waitForOtherStudent(page, before);
      continue;
    }
    await input.fill(screen.value);
    if (!(await saveAndNext.isEnabled())) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('j');
      await waitForOtherStudent(page, before);
      continue;
    }
    // Timed in the page: the click event to the first frame showing another student with their work.
    const elapsed = page.evaluate(
      (source) => (0, eval)(source) as Promise<number>,
      `(${TIME_NEXT_STUDENT})(${JSON.stringify({ previous: before, work: screen.work })})`,
    );
    await saveAndNext.click();
    const time = await elapsed;
    if (process.env.BENCH_DEBUG)
      console.log(
        screen.name,
        before,
        '→',
        await page.getByTestId('student-name').first().textContent(),
        `${time.toFixed(0)} ms`,
      );
    if (time < 0) throw new Error(`${screen.name}: Save & Next did not show another student within 20 s`);
    times.push(time);
    saved += 1;
  }
  // The last save's answer: its status in the save bar.
  await page.waitForTimeout(1500);
  return { times, saved };
}

/** The text-entry assignment of the course with the most submissions waiting. */
async function essayWithMostWaiting(canvas: RunningDemoCanvas): Promise<number> {
  const response = await fetch(
    `${canvas.baseUrl}/api/v1/courses/${COURSE_ID}/assignments?per_page=100&include[]=needs_grading_count`,
    {
      headers: { authorization: `Bearer ${canvas.token}` },
    },
  );
  const assignments = (await response.json()) as Array<{
    id: number;
    grading_type: string;
    submission_types: string[];
    needs_grading_count?: number;
  }>;
  const essays = assignments.filter(
    (item) => item.grading_type === 'points' && item.submission_types.includes('online_text_entry'),
  );
  essays.sort((a, b) => (b.needs_grading_count ?? 0) - (a.needs_grading_count ?? 0));
  if (!essays[0]) throw new Error('no text-entry assignment in the demo course');
  return essays[0].id;
}

async function waitForOtherStudent(page: Page, previous: string | null) {
  await page.waitForFunction(
    (name) => document.querySelector('[data-testid="student-name"]')?.textContent !== name,
    previous,
  );
}

/** "GET submissions ×3, PUT submissions ×10": the requests by method and last path word. */
function summarize(requests: Array<{ method: string; path: string }>): string {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const words = request.path
      .split('?')[0]!
      .split('/')
      .filter((word) => word && !/^\d+$/.test(word));
    const key = `${request.method} ${words.at(-1) ?? '/'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].map(([key, count]) => `${key} ×${count}`).join(', ');
}
