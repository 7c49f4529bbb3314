import type { DiscussionGradingView } from '@/shared/schemas/discussion-grading';
import type { CanvasClient } from '@/server/adapters/canvas';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import { anonymousClassmates } from '../kernel/anonymous-participants';
import { toDiscussionGradingView, type LoadedDiscussion } from './to-discussion-view';

/**
 * Everything the discussion grading screen needs, in two parallel rounds of Canvas requests:
 * the topic (with its assignment embedded), the whole threaded conversation from `/view` (one
 * request, not one per entry) and the course; then the linked assignment's submissions (every
 * assigned student with their grade and comments, paginated). The assignment itself is fetched
 * only when Canvas did not embed it in the topic.
 */
export async function loadDiscussion(
  client: CanvasClient,
  courseId: number,
  topicId: number,
): Promise<LoadedDiscussion> {
  const [topic, view, course] = await Promise.all([
    client.getDiscussionTopic(courseId, topicId),
    client.getDiscussionView(courseId, topicId),
    client.getCourse(courseId),
  ]);
  if (topic.assignmentId === null) return { topic, view, course, assignment: null, submissions: null };
  const assignmentId = topic.assignmentId;
  const [assignment, submissions] = await Promise.all([
    topic.assignment ? Promise.resolve(topic.assignment) : client.getAssignment(courseId, assignmentId),
    client.listSubmissions(courseId, assignmentId),
  ]);
  // Graded anonymously: the course's students, to number the posters and take names out of posts.
  const roster = await anonymousClassmates(client, assignment);
  return { topic, view, course, assignment, submissions, ...(assignment.anonymizeStudents ? { roster } : {}) };
}

/** For a save: the topic and its assignment only (one request, two if Canvas did not embed it). */
export async function loadDiscussionAssignment(client: CanvasClient, courseId: number, topicId: number) {
  const topic = await client.getDiscussionTopic(courseId, topicId);
  if (topic.assignmentId === null) return { topic, assignment: null };
  const assignment = topic.assignment ?? (await client.getAssignment(courseId, topic.assignmentId));
  return { topic, assignment };
}

/** The discussion grading screen's data (loadDiscussion), as the screen shows it. */
export async function loadDiscussionView(
  canvas: CanvasAccess,
  teacherId: string,
  target: { courseId: number; topicId: number },
): Promise<DiscussionGradingView> {
  const { client, toPublicUrl } = await canvas.clientFor(teacherId);
  return toDiscussionGradingView(await loadDiscussion(client, target.courseId, target.topicId), toPublicUrl);
}
