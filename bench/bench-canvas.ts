import type { FastifyInstance } from 'fastify';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { printTable } from './load';

type Teacher = { headers: Record<string, string> };

/** Canvas requests and wall time for the course list and the Needs Grading list at 100 ms latency. */
export async function benchCanvasLists(app: FastifyInstance, canvas: RunningDemoCanvas, teacher: Teacher) {
  const rows: Array<[string, string]> = [];
  for (const [label, url] of [
    ['/courses data', '/api/courses'],
    ['/assignments data (Needs Grading)', '/api/needs-grading'],
  ] as const) {
    canvas.requestLog.length = 0;
    const startedAt = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: teacher.headers });
    const elapsed = performance.now() - startedAt;
    if (response.statusCode !== 200) throw new Error(`${url} failed: ${response.body}`);
    const rounds = sequentialRounds(
      canvas.requestLog.map((entry) => entry.timestamp),
      canvas.faults.latencyMs,
    );
    rows.push([
      label,
      `${canvas.requestLog.length} Canvas requests in ${rounds} sequential rounds, ${elapsed.toFixed(0)} ms`,
    ]);
  }
  printTable(
    `Canvas lists (demo Canvas at ${canvas.faults.latencyMs} ms per request, 12 courses × 40 assignments)`,
    rows,
  );
}

/**
 * Requests that arrive within one latency of the round's first belong to that round: a request
 * sent after another's answer arrives at least one latency later.
 */
export function sequentialRounds(arrivals: number[], latencyMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let rounds = 0;
  let roundStart = -Infinity;
  for (const arrival of sorted) {
    if (arrival - roundStart >= latencyMs * 0.8) {
      rounds += 1;
      roundStart = arrival;
    }
  }
  return rounds;
}
