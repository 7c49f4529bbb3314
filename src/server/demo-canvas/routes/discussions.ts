import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DemoDiscussionEntry, DemoDiscussionTopic } from '../model';
import { courseAccess } from '../domain/permissions';
import { badRequest, notFound } from '../http/canvas-errors';
import { idParam, stringParam } from '../http/params';
import { topicJson } from '../serializers/assignment-and-topic';
import { entryJson, unreadEntriesOf, viewEntryJson } from '../serializers/discussions';
import { userDisplayJson } from '../serializers/users';
import type { DemoRouteContext } from './route-context';

type CourseParams = { courseId: string };
type TopicParams = CourseParams & { topicId: string };
type EntryParams = TopicParams & { entryId: string };

const RECENT_REPLIES_LIMIT = 10;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const newestFirst = (a: DemoDiscussionEntry, b: DemoDiscussionEntry) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export function registerDiscussionRoutes(app: FastifyInstance, context: DemoRouteContext): void {
  const { state } = context;

  const lookUpTopic = (request: FastifyRequest<{ Params: TopicParams }>) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    const topic = state.discussionTopics.get(idParam(request.params.topicId));
    if (!topic || topic.courseId !== access.course.id) throw notFound();
    return { render, access, topic };
  };

  /** Topics default to 100 a page here, and the endpoint passes per_page through without clamping. */
  app.get<{ Params: CourseParams }>('/api/v1/courses/:courseId/discussion_topics', async (request, reply) => {
    const render = context.render(request);
    const access = courseAccess(state, render.caller.id, idParam(request.params.courseId));
    const query = context.query(request);
    if (stringParam(query, 'only_announcements') === 'true')
      return context.page(request, reply, [], { defaultPerPage: 100, maxPerPage: null });

    let topics = state.topicsIn(access.course.id);
    const searchTerm = stringParam(query, 'search_term')?.toLowerCase();
    if (searchTerm)
      topics = topics.filter(
        (t) => t.title.toLowerCase().includes(searchTerm) || t.message.toLowerCase().includes(searchTerm),
      );
    topics = sortTopics(topics, stringParam(query, 'order_by'), (topic) => lastReplyAt(context, topic));

    const scopes = new Set((stringParam(query, 'scope') ?? '').split(',').filter(Boolean));
    if ((scopes.has('pinned') && scopes.has('unpinned')) || (scopes.has('locked') && scopes.has('unlocked'))) {
      throw badRequest({ errors: { scope: 'scope is contradictory' } });
    }
    if (scopes.has('pinned')) topics = topics.filter((t) => t.pinned);
    if (scopes.has('unpinned')) topics = topics.filter((t) => !t.pinned);
    const page = context.page(request, reply, topics, { defaultPerPage: 100, maxPerPage: null });
    // Canvas filters locked/unlocked after paginating, so such pages can come back short.
    const visible = page.filter((t) => (scopes.has('locked') ? t.locked : scopes.has('unlocked') ? !t.locked : true));
    return visible.map((topic) => topicJson(render, topic, access));
  });

  app.get<{ Params: TopicParams }>('/api/v1/courses/:courseId/discussion_topics/:topicId', async (request) => {
    const { render, access, topic } = lookUpTopic(request);
    return topicJson(render, topic, access);
  });

  /** The whole threaded conversation with its participants, as Canvas's cached materialized view. */
  app.get<{ Params: TopicParams }>('/api/v1/courses/:courseId/discussion_topics/:topicId/view', async (request) => {
    const { render, topic } = lookUpTopic(request);
    const entries = state.entriesOf(topic.id);
    const childrenOf = new Map<number | null, DemoDiscussionEntry[]>();
    for (const entry of entries) childrenOf.set(entry.parentId, [...(childrenOf.get(entry.parentId) ?? []), entry]);
    const participantIds = [...new Set(entries.filter((e) => !e.deleted).map((e) => e.userId))];
    return {
      unread_entries: unreadEntriesOf(render, topic).map((e) => e.id),
      forced_entries: [],
      entry_ratings: {},
      participants: participantIds
        .map((id) => state.users.get(id))
        .filter((user) => user !== undefined)
        .map((user) => userDisplayJson(render, user, topic.courseId)),
      view: (childrenOf.get(null) ?? []).map((entry) => viewEntryJson(entry, childrenOf)),
      new_entries: null,
    };
  });

  /** Top-level entries, newest first, each with its ten newest replies. */
  app.get<{ Params: TopicParams }>(
    '/api/v1/courses/:courseId/discussion_topics/:topicId/entries',
    async (request, reply) => {
      const { render, topic } = lookUpTopic(request);
      const entries = state.entriesOf(topic.id);
      const unreadIds = new Set(unreadEntriesOf(render, topic).map((e) => e.id));
      const roots = entries.filter((e) => e.parentId === null).sort(newestFirst);
      return context.page(request, reply, roots).map((root) => {
        const replies = descendantsOf(root.id, entries).sort(newestFirst);
        return entryJson(render, root, topic.courseId, unreadIds, {
          recentReplies: replies.slice(0, RECENT_REPLIES_LIMIT),
          hasMoreReplies: replies.length > RECENT_REPLIES_LIMIT,
        });
      });
    },
  );

  /** Every reply under a top-level entry, flattened, newest first. */
  app.get<{ Params: EntryParams }>(
    '/api/v1/courses/:courseId/discussion_topics/:topicId/entries/:entryId/replies',
    async (request, reply) => {
      const { render, topic } = lookUpTopic(request);
      const entries = state.entriesOf(topic.id);
      const entry = entries.find((e) => e.id === idParam(request.params.entryId));
      if (!entry) throw notFound();
      const unreadIds = new Set(unreadEntriesOf(render, topic).map((e) => e.id));
      const replies = entry.parentId === null ? descendantsOf(entry.id, entries).sort(newestFirst) : [];
      return context.page(request, reply, replies).map((r) => entryJson(render, r, topic.courseId, unreadIds));
    },
  );
}

function descendantsOf(rootId: number, entries: readonly DemoDiscussionEntry[]): DemoDiscussionEntry[] {
  const found: DemoDiscussionEntry[] = [];
  let frontier = [rootId];
  while (frontier.length > 0) {
    const children = entries.filter((e) => e.parentId !== null && frontier.includes(e.parentId));
    found.push(...children);
    frontier = children.map((c) => c.id);
  }
  return found;
}

function lastReplyAt(context: DemoRouteContext, topic: DemoDiscussionTopic): string {
  return context.state.entriesOf(topic.id).reduce((latest, e) => (e.createdAt > latest ? e.createdAt : latest), '');
}

/** Canvas's orders: position (legacy: position, created_at, id, all descending), recent activity, title. */
function sortTopics(
  topics: DemoDiscussionTopic[],
  orderBy: string | undefined,
  lastActivity: (topic: DemoDiscussionTopic) => string,
): DemoDiscussionTopic[] {
  const byPosition = (a: DemoDiscussionTopic, b: DemoDiscussionTopic) =>
    b.position - a.position || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
  const sorted = [...topics];
  if (orderBy === 'title') return sorted.sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id);
  if (orderBy === 'recent_activity') {
    return sorted.sort(
      (a, b) => lastActivity(b).localeCompare(lastActivity(a)) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
    );
  }
  return sorted.sort(byPosition);
}
