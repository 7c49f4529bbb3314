/**
 * Records the home page's walkthrough video from the real product: starts the built app with its
 * demo Canvas, drives a teacher's first grading session in Chromium with Playwright's video
 * recording, then writes a small WebM, a poster image and English captions to
 * src/client/public/media/. Run `npm run build && npx tsx scripts/record-walkthrough.ts`.
 *
 * Needs Debian's chromium and ffmpeg (`apt-get install chromium ffmpeg`). Playwright records
 * through ffmpeg; instead of downloading its own build, a temporary browsers folder points
 * Playwright at the system one.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'src/client/public/media');
const port = 3700;
const base = `http://localhost:${port}`;
const size = { width: 1280, height: 720 };
const MAX_BYTES = 3 * 1024 * 1024;

const browsers = mkdtempSync(path.join(tmpdir(), 'margin-browsers-'));
const ffmpegRevision = readPlaywrightFfmpegRevision();
mkdirSync(path.join(browsers, `ffmpeg-${ffmpegRevision}`), { recursive: true });
symlinkSync('/usr/bin/ffmpeg', path.join(browsers, `ffmpeg-${ffmpegRevision}`, 'ffmpeg-linux'));
process.env.PLAYWRIGHT_BROWSERS_PATH = browsers;
const { chromium } = await import('@playwright/test');

type Cue = { start: number; end: number; text: string };
const cues: Cue[] = [];
let clockStart = 0;
const now = () => (performance.now() - clockStart) / 1000;
async function caption(text: string, during: () => Promise<void>, minimumSeconds = 3) {
  const start = now();
  await during();
  const elapsed = now() - start;
  if (elapsed < minimumSeconds) await new Promise((resolve) => setTimeout(resolve, (minimumSeconds - elapsed) * 1000));
  cues.push({ start, end: now(), text });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'margin-walkthrough-'));
const server = spawn('node', ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DEMO_CANVAS: 'true',
  },
  stdio: 'inherit',
});
try {
  await waitForServer();
  const videoDir = mkdtempSync(path.join(tmpdir(), 'margin-video-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ viewport: size, recordVideo: { dir: videoDir, size } });
  const page = await context.newPage();
  clockStart = performance.now();

  await caption('Margin drafts grades and feedback in your voice. You approve every one.', async () => {
    await page.goto(`${base}/`);
    await page.waitForLoadState('networkidle');
  });

  const email = `walkthrough-${Date.now()}@school.example`;
  await page.evaluate(async (address) => {
    const json = { 'content-type': 'application/json' };
    await fetch('/api/auth/sign-up', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: address, password: 'walkthrough', fullName: 'Dana Whitfield' }),
    });
    await fetch('/api/auth/sign-in', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: address, password: 'walkthrough' }),
    });
  }, email);

  await caption(
    'Connect Canvas with a personal access token, or try the demo Canvas.',
    async () => {
      await page.goto(`${base}/canvas-setup`);
      await page.getByRole('button', { name: 'Try the demo Canvas' }).click();
      await page.waitForTimeout(600);
      await page.getByRole('button', { name: 'Test Connection' }).click();
      await page.getByTestId('connection-status').getByText('Connected as').waitFor();
      await page.waitForTimeout(900);
      await page.getByRole('button', { name: 'Save & Continue' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByTestId('canvas-connected-banner').waitFor();
    },
    5,
  );

  await caption('Everything waiting for a grade, across all your courses.', async () => {
    await page.goto(`${base}/assignments`);
    await page.getByTestId('needs-grading-card').first().waitFor();
  });

  await caption('Open an assignment: each student’s work sits next to the grading panel.', async () => {
    await page.getByRole('link', { name: /Start Grading DBQ/ }).click();
    await page.getByTestId('student-name').waitFor();
    for (let step = 0; step < 40; step += 1) {
      const status = await page.getByTestId('submission-status').textContent();
      if (status?.startsWith('Submitted')) break;
      await page.keyboard.press('j');
      await page.waitForTimeout(120);
    }
  });

  await caption(
    'One key drafts a grade and feedback from your rubric, quoting the student’s own words.',
    async () => {
      await page.getByRole('switch', { name: /Grade with the rubric/ }).click();
      await page.keyboard.press('d');
      await page.getByTestId('draft-details').waitFor();
      await page.waitForTimeout(800);
      await page.getByTestId('draft-details').scrollIntoViewIfNeeded();
    },
    5,
  );
  await page.screenshot({ path: path.join(videoDir, 'poster.png') });

  await caption(
    'Edit anything, then save: the grade and comment land in Canvas.',
    async () => {
      await page.getByTestId('feedback-input').scrollIntoViewIfNeeded();
      await page.getByTestId('feedback-input').press('Control+End');
      await page.getByTestId('feedback-input').type(' Great use of Document E.', { delay: 40 });
      await page.keyboard.press('Control+Enter');
      await page.getByText('Grade and feedback saved to Canvas').waitFor();
    },
    5,
  );

  await context.close();
  await browser.close();

  const recorded = readdirSync(videoDir).find((name) => name.endsWith('.webm'));
  if (!recorded) throw new Error('Playwright did not write a video');
  mkdirSync(output, { recursive: true });
  // Re-encode small: VP9 at 960×540, no audio, constant quality.
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    path.join(videoDir, recorded),
    '-vf',
    'scale=960:-2',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-an',
    path.join(output, 'walkthrough.webm'),
  ]);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    path.join(videoDir, 'poster.png'),
    '-vf',
    'scale=960:-2',
    '-q:v',
    '5',
    path.join(output, 'walkthrough-poster.jpg'),
  ]);
  writeFileSync(path.join(output, 'walkthrough.vtt'), toVtt(cues));
  const bytes = statSync(path.join(output, 'walkthrough.webm')).size;
  console.info(
    `walkthrough.webm: ${(bytes / 1024).toFixed(0)} KB, ${cues.at(-1)!.end.toFixed(1)} s, ${cues.length} captions`,
  );
  if (bytes > MAX_BYTES) throw new Error('The video is over 3 MB: raise -crf or shorten the script');
  rmSync(videoDir, { recursive: true, force: true });
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(browsers, { recursive: true, force: true });
}

function toVtt(list: Cue[]): string {
  const stamp = (seconds: number) => {
    const whole = Math.floor(seconds);
    const millis = Math.round((seconds - whole) * 1000);
    const minutes = Math.floor(whole / 60);
    return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
  };
  return [
    'WEBVTT',
    '',
    ...list.flatMap((cue, index) => [String(index + 1), `${stamp(cue.start)} --> ${stamp(cue.end)}`, cue.text, '']),
  ].join('\n');
}

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app did not start');
}

function readPlaywrightFfmpegRevision(): string {
  const browsersJson = path.join(root, 'node_modules/playwright-core/browsers.json');
  const data = JSON.parse(execFileSync('cat', [browsersJson]).toString()) as {
    browsers: Array<{ name: string; revision: string }>;
  };
  return data.browsers.find((entry) => entry.name === 'ffmpeg')!.revision;
}
