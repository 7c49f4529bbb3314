import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** The run's SMTP sink (tests/e2e/mail-sink.ts); another port lets two checkouts run their browser tests at once. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

/** Debian's Chromium, never a downloaded browser. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // The SMTP sink every spec reads its mail from (tests/e2e/mail-sink.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
      },
    },
  ],
  webServer: {
    command: `rm -rf .e2e-data && npm run build && node dist/server/main.js`,
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: '.e2e-data',
      NODE_ENV: 'production',
      // A production build with the conveniences the browser tests drive: the built-in Canvas.
      DEMO_CANVAS: 'true',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'e2e-secret-that-is-long-enough-to-derive-keys',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      SUPPORT_EMAIL: 'support@margin.test',
      // Every browser test signs its teachers up from 127.0.0.1; the per-address limit is tested in
      // tests/security/auth-sign-up.test.ts.
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      // Production refuses test-mode billing unless told: the browser tests buy plans in test mode.
      BILLING_TEST_MODE: 'true',
      // The demo Canvas's OAuth2 access tokens last seconds, not an hour, so a browser test sees Margin renew them.
      DEMO_CANVAS_TOKEN_SECONDS: '8',
    },
  },
});
