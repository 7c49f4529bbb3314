import type { DemoDiscussionEntry, DemoDiscussionTopic } from '../model';
import type { CourseAccess } from '../domain/permissions';
import type { RenderContext } from './render-context';
import { assignmentJson } from './assignments';
import { userDisplayJson } from './users';

/** Entries newer than this are "unread": the demo teacher last read discussions five days ago. */
const UNREAD_WINDOW_MS = 5 * 24 * 60 * 60 * 1000;

/**
 * A discussion topic. There is no `is_assignment`: a graded topic has an `assignment_id` and the
 * full assignment embedded.
 */
export function topicJson(
  context: RenderContext,
  topic: DemoDiscussionTopic,
  access: CourseAccess,
  options: { withAssignment?: boolean } = {},
): Record<string, unknown> {
  const { state, baseUrl } = context;
  const entries = state.entriesOf(topic.id).filter((entry) => !entry.deleted);
  const author = state.users.get(topic.authorId);
  const lastReplyAt = entries.reduce<string | null>(
    (latest, e) => (latest === null || e.createdAt > latest ? e.createdAt : latest),
    null,
  );
  const url = `${baseUrl}/courses/${topic.courseId}/discussion_topics/${topic.id}`;
  const json: Record<string, unknown> = {
    id: topic.id,
    title: topic.title,
    last_reply_at: lastReplyAt,
    created_at: topic.createdAt,
    delayed_post_at: null,
    posted_at: topic.postedAt,
    assignment_id: topic.assignmentId,
    root_topic_id: null,
    position: topic.position,
    podcast_has_student_posts: false,
    discussion_type: topic.discussionType,
    lock_at: null,
    allow_rating: false,
    only_graders_can_rate: false,
    sort_by_rating: false,
    is_section_specific: false,
    anonymous_state: null,
    summary_enabled: false,
    user_name: author?.name ?? null,
    discussion_subentry_count: entries.length,
    permissions: {
      attach: true,
      update: access.canManageContent,
      reply: true,
      delete: access.canManageContent,
      manage_assign_to: access.canManageContent,
    },
    require_initial_post: topic.requireInitialPost,
    user_can_see_posts: true,
    podcast_url: null,
    read_state: 'read',
    unread_count: unreadEntriesOf(context, topic).length,
    subscribed: true,
    attachments: [],
    published: topic.published,
    can_unpublish: entries.length === 0,
    locked: topic.locked,
    can_lock: access.canManageContent,
    comments_disabled: false,
    author: author ? userDisplayJson(context, author, topic.courseId) : null,
    html_url: url,
    url,
    pinned: topic.pinned,
    group_category_id: null,
    can_group: entries.length === 0,
    topic_children: [],
    group_topic_children: [],
    locked_for_user: false,
    message: topic.message,
    todo_date: null,
    is_announcement: false,
    sort_order: 'desc',
    sort_order_locked: false,
    expanded: false,
    expanded_locked: false,
  };
  if (topic.assignmentId === null) {
    json.ungraded_discussion_overrides = [];
  } else if (options.withAssignment !== false) {
    const assignment = state.assignments.get(topic.assignmentId);
    if (assignment) json.assignment = assignmentJson(context, assignment, access, { withDiscussionTopic: false });
  }
  return json;
}

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
