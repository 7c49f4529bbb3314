import type { DemoDiscussionEntry, DemoDiscussionTopic } from '../model';
import type { RenderContext } from './render-context';
import { userDisplayJson } from './users';

/** Entries newer than this are "unread": the demo teacher last read discussions five days ago. */
const UNREAD_WINDOW_MS = 5 * 24 * 60 * 60 * 1000;

export function unreadEntriesOf(context: RenderContext, topic: DemoDiscussionTopic): DemoDiscussionEntry[] {
  const since = context.state.seededAt.getTime() - UNREAD_WINDOW_MS;
  return context.state
    .entriesOf(topic.id)
    .filter((e) => !e.deleted && e.userId !== context.caller.id && Date.parse(e.createdAt) > since);
}

/** An entry as the `entries` and `replies` endpoints list it. */
export function entryJson(
  context: RenderContext,
  entry: DemoDiscussionEntry,
  courseId: number,
  unreadIds: ReadonlySet<number>,
  options: { recentReplies?: DemoDiscussionEntry[]; hasMoreReplies?: boolean } = {},
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    id: entry.id,
    parent_id: entry.parentId,
    created_at: entry.createdAt,
    updated_at: entry.updatedAt,
    rating_count: null,
    rating_sum: null,
  };
  const json: Record<string, unknown> = entry.deleted
    ? { ...base, editor_id: entry.userId, deleted: true }
    : {
        ...base,
        user_id: entry.userId,
        user_name: context.state.users.get(entry.userId)?.name ?? null,
        message: entry.message,
        user: userOf(context, entry.userId, courseId),
      };
  json.read_state = unreadIds.has(entry.id) ? 'unread' : 'read';
  json.forced_read_state = false;
  if (options.recentReplies && options.recentReplies.length > 0) {
    json.recent_replies = options.recentReplies.map((reply) => entryJson(context, reply, courseId, unreadIds));
    json.has_more_replies = options.hasMoreReplies ?? false;
  }
  return json;
}

function userOf(context: RenderContext, userId: number, courseId: number): Record<string, unknown> {
  const user = context.state.users.get(userId);
  return user ? userDisplayJson(context, user, courseId) : {};
}

/** The `/view` tree: entries without user names or read state, children under `replies`. */
export function viewEntryJson(
  entry: DemoDiscussionEntry,
  childrenOf: Map<number | null, DemoDiscussionEntry[]>,
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    id: entry.id,
    parent_id: entry.parentId,
    created_at: entry.createdAt,
    updated_at: entry.updatedAt,
    rating_count: null,
    rating_sum: null,
  };
  const json: Record<string, unknown> = entry.deleted
    ? { ...base, editor_id: entry.userId, deleted: true }
    : { ...base, user_id: entry.userId, message: entry.message };
  const children = childrenOf.get(entry.id) ?? [];
  if (children.length > 0) json.replies = children.map((child) => viewEntryJson(child, childrenOf));
  return json;
}
