import {
  byLastWordOfName,
  discussionPointsPossible,
  ORIGINAL_POST_PREVIEW_CHARS,
  participationLevel,
  summarizeDiscussion,
  type DiscussionGrade,
  type DiscussionGradingView,
  type DiscussionPost,
  type DiscussionStudent,
  type DiscussionSummary,
} from '@/shared/schemas/discussion-grading';
import type { GradingUser } from '@/shared/schemas/grading';
import type {
  CanvasAssignment,
  CanvasCourse,
  CanvasDiscussionTopic,
  CanvasDiscussionView,
  CanvasDiscussionViewEntry,
  CanvasSubmission,
} from '@/server/adapters/canvas';
import { htmlToText } from '@/server/adapters/documents';
import { toGradingAssignment, toGradingSubmission } from '../kernel/to-grading-view';
import { anonymousParticipants, type AnonymousParticipants } from '../kernel/anonymous-participants';
import type { RosterMember } from '../kernel/redaction';

export type LoadedDiscussion = {
  topic: CanvasDiscussionTopic;
  view: CanvasDiscussionView;
  course: CanvasCourse;
  /** The linked assignment as Canvas embeds it in the topic, or as fetched when it did not. */
  assignment: CanvasAssignment | null;
  /** Every assigned student's submission to the linked assignment; null for an ungraded discussion. */
  submissions: CanvasSubmission[] | null;
  /**
   * When the linked assignment is graded anonymously (decision 067): the course's students, whom
   * the screen shows as Student 1 to N, and whose names it takes out of every post.
   */
  roster?: RosterMember[];
};

type FlatEntry = CanvasDiscussionViewEntry & { childCount: number };

/** The threaded view as a map by id, with each entry's number of live direct replies. */
export function flattenView(entries: readonly CanvasDiscussionViewEntry[]): Map<number, FlatEntry> {
  const byId = new Map<number, FlatEntry>();
  const walk = (level: readonly CanvasDiscussionViewEntry[], parentId: number | null) => {
    for (const entry of level) {
      byId.set(entry.id, {
        ...entry,
        parentId: entry.parentId ?? parentId,
        childCount: entry.replies.filter((reply) => !reply.isDeleted).length,
      });
      walk(entry.replies, entry.id);
    }
  };
  walk(entries, null);
  return byId;
}

/** Display names of everyone who can appear in the discussion: students first, then Canvas's participants. */
function namesById(loaded: LoadedDiscussion): Map<number, string> {
  const names = new Map<number, string>();
  for (const participant of loaded.view.participants)
    if (participant.displayName) names.set(participant.id, participant.displayName);
  for (const submission of loaded.submissions ?? [])
    if (submission.user) names.set(submission.userId, submission.user.name);
  if (loaded.topic.author) names.set(loaded.topic.author.id, loaded.topic.author.displayName);
  return names;
}

/**
 * Under anonymous grading: each student on the roster by her label, everyone else (the teacher) by
 * name, as Canvas gives it.
 */
function labelsById(loaded: LoadedDiscussion, anonymous: AnonymousParticipants): Map<number, string> {
  const names = new Map<number, string>();
  for (const participant of loaded.view.participants)
    if (participant.displayName) names.set(participant.id, participant.displayName);
  if (loaded.topic.author) names.set(loaded.topic.author.id, loaded.topic.author.displayName);
  for (const member of loaded.roster ?? []) names.set(member.id, anonymous.userOf(member.id)!.name);
  return names;
}

/**
 * The students who can take part: for a graded discussion, every student the linked assignment is
 * assigned to (its submissions list); for an ungraded one, Canvas's participants other than the
 * topic's author (Canvas gives no roster without another request, and nothing can be saved anyway).
 */
function studentsOf(loaded: LoadedDiscussion): GradingUser[] {
  if (loaded.submissions) return loaded.submissions.map((submission) => toGradingSubmission(submission).user);
  return loaded.view.participants
    .filter((participant) => participant.id !== loaded.topic.author?.id)
    .map((participant) => ({
      id: participant.id,
      name: participant.displayName || `Student ${participant.id}`,
      sortable_name: participant.displayName || `Student ${participant.id}`,
      email: null,
      avatar_url: participant.avatarUrl,
    }));
}

export function toDiscussionGrade(submission: CanvasSubmission | undefined): DiscussionGrade {
  if (!submission) {
    return {
      submission_id: null,
      score: null,
      grade: null,
      graded_at: null,
      excused: false,
      submission_comments: [],
      rubric_assessment: null,
    };
  }
  // Comments and rubric assessment exactly as the assignment grading view gives them.
  const { submission_comments, rubric_assessment } = toGradingSubmission(submission);
  return {
    submission_id: submission.id,
    score: submission.score,
    grade: submission.grade,
    graded_at: submission.gradedAt,
    excused: submission.excused,
    submission_comments,
    rubric_assessment,
  };
}

export function previewOf(html: string, limit = ORIGINAL_POST_PREVIEW_CHARS): string {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

/** Each of a student's live posts, oldest first; a reply carries the post it answers. */
function postsOf(
  userId: number,
  entries: Map<number, FlatEntry>,
  names: Map<number, string>,
  textOf: (html: string) => string = (html) => html,
): DiscussionPost[] {
  return [...entries.values()]
    .filter((entry) => entry.userId === userId && !entry.isDeleted)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
    .map((entry) => {
      const parent = entry.parentId === null ? undefined : entries.get(entry.parentId);
      return {
        id: entry.id,
        parent_id: entry.parentId,
        message: textOf(entry.message ?? ''),
        created_at: entry.createdAt,
        updated_at: entry.updatedAt,
        is_reply: entry.parentId !== null,
        in_reply_to: parent
          ? {
              id: parent.id,
              author_name: parent.isDeleted
                ? 'Deleted post'
                : ((parent.userId !== null ? names.get(parent.userId) : undefined) ?? 'Someone'),
              message: parent.isDeleted ? '' : textOf(parent.message ?? ''),
              created_at: parent.createdAt,
              is_deleted: parent.isDeleted,
            }
          : null,
        reply_count: entry.childCount,
      };
    });
}

export function toDiscussionGradingView(
  loaded: LoadedDiscussion,
  toPublicUrl: (url: string) => string,
): DiscussionGradingView {
  const { topic, view, course, assignment } = loaded;
  const entries = flattenView(view.entries);
  const anonymous = loaded.roster ? anonymousParticipants(`discussion:${topic.id}`, loaded.roster) : null;
  const names = anonymous ? labelsById(loaded, anonymous) : namesById(loaded);
  // Under anonymous grading Canvas does not say whose grade is whose: none is matched to a poster.
  const submissionsByUser = new Map(
    (anonymous ? [] : (loaded.submissions ?? [])).map((submission) => [submission.userId, submission]),
  );
  const pointsPossible = discussionPointsPossible(topic.assignment?.pointsPossible, assignment?.pointsPossible);
  const authors = anonymous
    ? anonymous.students
    : studentsOf(loaded)
        .sort((a, b) => byLastWordOfName(a, b))
        .map((user) => ({ user, userId: user.id }));

  const students: DiscussionStudent[] = authors.map(({ user, userId }) => {
    const posts = postsOf(userId, entries, names, anonymous?.withoutNames);
    const initial = posts.filter((post) => !post.is_reply);
    const firstInitial = initial[0];
    return {
      user,
      workflow_state: posts.length > 0 ? ('submitted' as const) : ('unsubmitted' as const),
      missing: posts.length === 0,
      submitted_at: posts[0]?.created_at ?? null,
      posts,
      post_count: posts.length,
      initial_post_count: initial.length,
      reply_count: posts.length - initial.length,
      participation: participationLevel(posts.length),
      original_post_preview: firstInitial ? previewOf(firstInitial.message) : null,
      grade: toDiscussionGrade(submissionsByUser.get(user.id)),
    };
  });

  const linkedAssignment = assignment ? toGradingAssignment(assignment, course, toPublicUrl) : null;
  return {
    discussion: {
      id: topic.id,
      title: topic.title,
      message: topic.message,
      posted_at: topic.postedAt,
      html_url: toPublicUrl(topic.htmlUrl),
      assignment_id: topic.assignmentId,
      is_graded: topic.assignmentId !== null,
      points_possible: pointsPossible,
      rubric: linkedAssignment?.rubric ?? null,
      use_rubric_for_grading: linkedAssignment?.use_rubric_for_grading ?? false,
      grading_type: linkedAssignment?.grading_type ?? 'points',
      post_manually: linkedAssignment?.post_manually ?? false,
      assignment_html_url: linkedAssignment?.html_url ?? null,
      ...(anonymous ? { anonymous_grading: true } : {}),
      // The students' figures, as on the status card (the teacher's own replies are not counted).
      participant_count: students.filter((student) => student.post_count > 0).length,
      post_count: students.reduce((sum, student) => sum + student.post_count, 0),
      course: { id: course.id, name: course.name, course_code: course.courseCode || null },
    },
    students,
    summary: anonymous
      ? anonymousSummary(students, loaded.submissions ?? [], pointsPossible)
      : summarizeDiscussion(students, pointsPossible),
  };
}

/**
 * Under anonymous grading the posts are the students', the grades Canvas's anonymous submissions':
 * the figures of each, for the class, matched to nobody.
 */
function anonymousSummary(
  students: readonly DiscussionStudent[],
  submissions: readonly CanvasSubmission[],
  pointsPossible: number,
): DiscussionSummary {
  const posts = summarizeDiscussion(students, pointsPossible);
  const grades = summarizeDiscussion(
    submissions.map((submission) => ({
      grade: toDiscussionGrade(submission),
      post_count: 0,
      initial_post_count: 0,
      reply_count: 0,
    })),
    pointsPossible,
  );
  const graded = Math.min(grades.graded_count, posts.student_count);
  return {
    ...posts,
    graded_count: graded,
    pending_count: posts.student_count - graded,
    progress_percent: posts.student_count > 0 ? (graded / posts.student_count) * 100 : 0,
    average_score: grades.average_score,
    average_percent: grades.average_percent,
    letter_distribution: grades.letter_distribution,
  };
}
