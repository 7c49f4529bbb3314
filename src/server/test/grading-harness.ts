import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { connectedTeacher, startTestCanvas } from './canvas-fixture';
import { createTestApp, type TestApp } from './test-app';

export type Teacher = Awaited<ReturnType<typeof connectedTeacher>>;

/**
 * The setup every grading test file shares: the app on its own database and a demo Canvas on its
 * own port for the file, the Canvas's faults cleared before each test, both closed after. Read
 * `app`, `database` and `canvas` inside tests (they exist once `beforeAll` has run).
 */
export function useGradingHarness() {
  let testApp: TestApp | undefined;
  let demo: RunningDemoCanvas | undefined;
  beforeAll(async () => {
    [testApp, demo] = await Promise.all([createTestApp(), startTestCanvas()]);
  });
  afterAll(async () => {
    await Promise.all([testApp?.close(), demo?.close()]);
  });
  beforeEach(() => demo?.faults.reset());

  const started = () => {
    if (!testApp || !demo) throw new Error('The grading harness is read inside tests, after beforeAll.');
    return { testApp, demo };
  };
  return {
    get testApp(): TestApp {
      return started().testApp;
    },
    get app(): FastifyInstance {
      return started().testApp.app;
    },
    get database(): TestApp['database'] {
      return started().testApp.database;
    },
    get canvas(): RunningDemoCanvas {
      return started().demo;
    },
    /** A new teacher, signed in and connected to the demo Canvas. */
    teacher(app: FastifyInstance = started().testApp.app): Promise<Teacher> {
      return connectedTeacher(app, started().demo);
    },
    /** The teacher's usage summary, as the API reports it. */
    async usageOf(teacher: Teacher, app: FastifyInstance = started().testApp.app) {
      return (await app.inject({ method: 'GET', url: '/api/usage', headers: teacher.headers })).json<{
        submissions_used: number;
        total_limit: number;
      }>();
    },
  };
}
