/**
 * The Students and Analytics tabs (issue 23): a course of 40 students × 30 assignments on a demo
 * Canvas that takes 100 ms a request, cold cache. For each tab alone, and for both asked at once
 * as the course page does: the server's answer time, the Canvas requests and their sequential
 * rounds. The server has answered for another course first (warm process, cold cache). `npm run bench -- --only=insights` runs only this.
 */
import type { FastifyInstance } from 'fastify';
import { startDemoCanvas, type RunningDemoCanvas } from '@/server/demo-canvas';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { createTestApp } from '@/server/test/test-app';
import { sequentialRounds } from './bench-canvas';
import { printTable } from './load';

const STUDENTS = 40;
const ASSIGNMENTS = 30;
const LATENCY_MS = 100;

export async function benchInsights(): Promise<void> {
  const canvas = await startDemoCanvas({
    scenario: { courses: 2, assignmentsPerCourse: ASSIGNMENTS, studentsPerCourse: STUDENTS },
  });
  const testApp = await createTestApp({ env: { CANVAS_ALLOW_PRIVATE_HOSTS: 'true' } });
  try {
    const [courseId, warmUpCourseId] = [...canvas.state.courses.keys()] as [number, number];
    // The process warms up on the other course; the measured course is read cold.
    const warmUp = await connectedTeacher(testApp.app, canvas);
    await testApp.app.inject({
      method: 'GET',
      url: `/api/insights/courses/${warmUpCourseId}/analytics`,
      headers: warmUp.headers,
    });
    const rows: Array<[string, string]> = [];
    const tabs = {
      Analytics: `/api/insights/courses/${courseId}/analytics`,
      Students: `/api/insights/courses/${courseId}/students`,
    };
    for (const [label, url] of Object.entries(tabs)) {
      // A new teacher each time: nothing of hers is cached.
      const teacher = await connectedTeacher(testApp.app, canvas);
      rows.push([`${label} tab, cold`, await measure(testApp.app, canvas, teacher.headers, [url])]);
      rows.push([`${label} tab, cached`, await measure(testApp.app, canvas, teacher.headers, [url])]);
    }
    const teacher = await connectedTeacher(testApp.app, canvas);
    rows.push(['both tabs at once, cold', await measure(testApp.app, canvas, teacher.headers, Object.values(tabs))]);
    printTable(
      `Students and Analytics (demo Canvas at ${LATENCY_MS} ms per request, ${STUDENTS} students × ${ASSIGNMENTS} assignments)`,
      rows,
    );
  } finally {
    await testApp.close();
    await canvas.close();
  }
}

async function measure(
  app: FastifyInstance,
  canvas: RunningDemoCanvas,
  headers: Record<string, string>,
  urls: string[],
): Promise<string> {
  canvas.requestLog.length = 0;
  canvas.faults.latencyMs = LATENCY_MS;
  const startedAt = performance.now();
  const responses = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url, headers })));
  const elapsed = performance.now() - startedAt;
  canvas.faults.latencyMs = 0;
  const failed = responses.find((response) => response.statusCode !== 200);
  if (failed) throw new Error(`insights failed: ${failed.body}`);
  const requests = canvas.requestLog.length;
  const rounds =
    requests === 0
      ? 0
      : sequentialRounds(
          canvas.requestLog.map((e) => e.timestamp),
          LATENCY_MS,
        );
  return `${elapsed.toFixed(0)} ms, ${requests} Canvas requests in ${rounds} sequential rounds`;
}
