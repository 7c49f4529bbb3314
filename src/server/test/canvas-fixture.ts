import type { FastifyInstance } from 'fastify';
import { startDemoCanvas, type RunningDemoCanvas, type StartDemoCanvasOptions } from '@/server/demo-canvas';
import { signUpAndIn } from './test-app';

/** A demo Canvas on its own loopback port, for one test file. */
export async function startTestCanvas(options: StartDemoCanvasOptions = {}): Promise<RunningDemoCanvas> {
  return startDemoCanvas(options);
}

/** A signed-in teacher whose profile is connected to `canvas` through the real connection endpoint. */
export async function connectedTeacher(
  app: FastifyInstance,
  canvas: RunningDemoCanvas,
  overrides: { token?: string } = {},
) {
  const teacher = await signUpAndIn(app);
  const response = await app.inject({
    method: 'PUT',
    url: '/api/canvas/connection',
    headers: teacher.headers,
    payload: { canvasUrl: canvas.baseUrl, canvasToken: overrides.token ?? canvas.token },
  });
  if (response.statusCode !== 200) throw new Error(`connecting Canvas failed: ${response.body}`);
  return teacher;
}
