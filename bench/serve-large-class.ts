/**
 * A demo Canvas holding one lecture course of `--students` with `--words`-word essays, in its own
 * process, so the bench measures the server's event loop and not the simulator's. Prints one JSON
 * line: `{ baseUrl, token, courseId, assignmentId }`, then serves until it is killed.
 */
import { parseArgs } from 'node:util';
import { LARGE_CLASS_COURSE_NAME, startDemoCanvas } from '@/server/demo-canvas';

const { values } = parseArgs({ options: { students: { type: 'string' }, words: { type: 'string' } } });
const canvas = await startDemoCanvas({
  largeClass: { students: Number(values.students ?? 100), words: Number(values.words ?? 1500) },
});
const course = [...canvas.state.courses.values()].find((candidate) => candidate.name === LARGE_CLASS_COURSE_NAME)!;
const assignment = [...canvas.state.assignments.values()].find((candidate) => candidate.courseId === course.id)!;
console.log(
  JSON.stringify({ baseUrl: canvas.baseUrl, token: canvas.token, courseId: course.id, assignmentId: assignment.id }),
);
process.on('SIGTERM', () => void canvas.close().then(() => process.exit(0)));
