import type { FastifyInstance } from 'fastify';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { connectedTeacher } from './canvas-fixture';
import { buildTestApp, type BuiltTestApp } from './test-app';

export type Teacher = Awaited<ReturnType<typeof connectedTeacher>>;

/**
 * The setup every grading test file shares: `buildTestApp` with a demo Canvas (the app on its own
 * database and the Canvas on its own port for the file, the Canvas's faults cleared before each
 * test, both closed after), and the two things grading tests ask for most. Read `app`, `database`
 * and `canvas` inside tests.
 */
export function useGradingHarness() {
  const built = buildTestApp({ canvas: true });
  return {
    get app(): FastifyInstance {
      return built.app;
    },
    get database(): BuiltTestApp['database'] {
      return built.database;
    },
    get canvas(): RunningDemoCanvas {
      return built.canvas;
    },
    /** A new teacher, signed in and connected to the demo Canvas. */
    teacher(app: FastifyInstance = built.app): Promise<Teacher> {
      return connectedTeacher(app, built.canvas);
    },
    /** The teacher's usage summary, as the API reports it. */
    async usageOf(teacher: Teacher, app: FastifyInstance = built.app) {
      return (await app.inject({ method: 'GET', url: '/api/usage', headers: teacher.headers })).json<{
        submissions_used: number;
        total_limit: number;
      }>();
    },
  };
}
