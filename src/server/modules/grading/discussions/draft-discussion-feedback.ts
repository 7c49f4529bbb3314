import type { GradingOptions } from '@/shared/schemas/ai';
import {
  UNGRADED_DISCUSSION_MESSAGE,
  type DiscussionStudent,
  type GradingDiscussion,
} from '@/shared/schemas/discussion-grading';
import type { DraftResponse } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import { htmlToText } from '@/server/adapters/documents';
import { draftAndKeep } from '../kernel/draft-and-keep';
import { draftFromStudentWork } from '../kernel/draft-from-student-work';
import type { GradeDrafter } from '../kernel/drafter-port';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { assertNotAnonymousTopic } from '../kernel/save-grade';
import {
  prepareClass,
  prepareClassInSlices,
  rosterMemberOf,
  type ClassPiece,
  type PreparedClass,
} from '../kernel/prepare-class';
import type { RosterMember } from '../kernel/redaction';
import { loadDiscussion } from './load-discussion';
import { toDiscussionGradingView, type LoadedDiscussion } from './to-discussion-view';

/** How much of the post a reply answers goes into the prompt: enough to judge the reply. */
const PARENT_EXCERPT_CHARS = 1200;

function excerpt(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)} [...]` : text;
}

/** The student's contribution as one text: every post in order, each reply after the post it answers. */
export function composeDiscussionWork(student: DiscussionStudent): { text: string; ownText: string } {
  const sections: string[] = [
    `Participation: ${student.post_count} post${student.post_count === 1 ? '' : 's'} (${student.initial_post_count} initial, ${student.reply_count} repl${student.reply_count === 1 ? 'y' : 'ies'}); participation level ${student.participation}.`,
  ];
  const own: string[] = [];
  student.posts.forEach((post, index) => {
    const body = htmlToText(post.message).trim() || '(empty post)';
    own.push(body);
    const when = post.created_at.slice(0, 16).replace('T', ' ');
    if (!post.in_reply_to) {
      sections.push(`Post ${index + 1}: initial post (${when})\n${body}`);
      return;
    }
    const parent = post.in_reply_to;
    const parentText = parent.is_deleted
      ? '(that post was deleted)'
      : excerpt(htmlToText(parent.message).trim(), PARENT_EXCERPT_CHARS);
    sections.push(
      [
        `Post ${index + 1}: reply (${when}), answering this post by ${parent.author_name} (context only, not the student's work):`,
        parentText
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n'),
        "The student's reply:",
        body,
      ].join('\n'),
    );
  });
  return { text: sections.join('\n\n'), ownText: own.join('\n\n') };
}

/**
 * Everyone whose name may appear in a discussion, as Canvas names them: every student assigned to
 * it (the linked assignment's submissions), everyone Canvas lists as a participant (the teacher, a
 * teaching assistant) and the topic's author. Never the screen's stand-in names ("Student 12"):
 * "student" is a word of every essay.
 */
export function discussionRoster(loaded: LoadedDiscussion): RosterMember[] {
  return [
    ...(loaded.submissions ?? []).map(rosterMemberOf),
    ...loaded.view.participants.map((participant) => ({
      id: participant.id,
      names: participant.displayName ? [participant.displayName] : [],
      emails: [],
    })),
    ...(loaded.topic.author
      ? [{ id: loaded.topic.author.id, names: [loaded.topic.author.displayName], emails: [] }]
      : []),
  ];
}

/** A student's own posts, as one text: what a classmate's draft reads of them. */
function ownPostsOf(student: DiscussionStudent): string {
  return student.posts.map((post) => htmlToText(post.message).trim()).join('\n\n');
}

/**
 * The discussion's class as a draft reads it: the roster, and each classmate's own posts with the
 * teacher's grade and comment, as for an assignment (what the drafter learns the teacher's scale
 * and voice from). Every name in them is replaced by the kernel.
 */
export function prepareDiscussionClass(
  students: readonly DiscussionStudent[],
  roster: readonly RosterMember[],
): PreparedClass {
  return prepareClass(discussionClass(students, roster));
}

function discussionClass(students: readonly DiscussionStudent[], roster: readonly RosterMember[]) {
  return {
    roster,
    pieces: students.flatMap((student): ClassPiece[] => {
      if (student.post_count === 0 || student.grade.excused) return [];
      const score = student.grade.score;
      const teacherComment = student.grade.submission_comments
        .filter((comment) => comment.author_name !== student.user.name)
        .at(-1);
      return [
        {
          authorId: student.user.id,
          source: student.posts.map((post) => post.message).join('\n'),
          readText: () => ownPostsOf(student),
          grade: score,
          example: score !== null && teacherComment ? { score, comment: htmlToText(teacherComment.comment) } : null,
        },
      ];
    }),
  };
}

/**
 * Drafts a grade and feedback for one student's part in a discussion: all their posts with the
 * posts they answered, the prompt and the rubric, judging participation as well as content. Names
 * (the student's and everyone else's) are replaced before the drafter sees anything and the
 * student's are put back afterwards; quotes must be the student's own words.
 */
export async function draftDiscussionFeedback(input: {
  engine: GradeDrafter;
  discussion: GradingDiscussion;
  student: DiscussionStudent;
  /** The discussion's class (prepareDiscussionClass): its roster, and classmates as references for the teacher's scale. */
  classroom: PreparedClass;
  /** The student as the roster has them; the screen's names when absent. */
  member?: RosterMember;
  options: GradingOptions;
}): Promise<DraftResponse> {
  const { engine, discussion, student, options } = input;
  if (student.post_count === 0) {
    throw new AppError(
      'VALIDATION',
      "This student hasn't posted in this discussion yet, so there is nothing to draft from.",
    );
  }
  const work = composeDiscussionWork(student);
  const rubric = discussion.rubric?.length ? discussion.rubric : null;
  const prompt = htmlToText(discussion.message ?? '').trim();

  return draftFromStudentWork({
    engine,
    work: { text: work.text, ownText: work.ownText, files: { read: [], unsupported: [], failed: [] } },
    student: input.member ?? {
      id: student.user.id,
      names: [student.user.name, student.user.sortable_name],
      emails: [],
    },
    classroom: input.classroom,
    // The discussion variant of the prompt frames it: participation and content, context is not the student's.
    task: {
      variant: { kind: 'discussion' },
      name: discussion.title,
      descriptionText: prompt,
      pointsPossible: discussion.points_possible,
      rubric,
      promptText: `${discussion.title}\n\n${prompt || '(The discussion has no prompt text.)'}`,
    },
    options,
  });
}

/** The draft route's use case: one student's draft, counted against the allowance and kept for the teacher. */
export async function draftDiscussionStudent(
  deps: Pick<GradingDependencies, 'db' | 'drafts' | 'canvas' | 'drafterFor'>,
  teacherId: string,
  target: { courseId: number; topicId: number; userId: number },
  options: GradingOptions,
): Promise<DraftResponse> {
  const { courseId, topicId, userId } = target;
  return draftAndKeep(deps, teacherId, { target: { kind: 'discussion', courseId, topicId }, key: userId }, async () => {
    const { client, toPublicUrl } = await deps.canvas.clientFor(teacherId);
    const loaded = await loadDiscussion(client, courseId, topicId);
    assertNotAnonymousTopic(loaded.assignment);
    const view = toDiscussionGradingView(loaded, toPublicUrl);
    if (!view.discussion.is_graded) {
      throw new AppError('VALIDATION', UNGRADED_DISCUSSION_MESSAGE, { details: { reason: 'ungraded_discussion' } });
    }
    const student = view.students.find((candidate) => candidate.user.id === userId);
    if (!student) throw new AppError('NOT_FOUND', 'That student is not part of this discussion.');
    const roster = discussionRoster(loaded);
    return draftDiscussionFeedback({
      engine: await deps.drafterFor(teacherId),
      discussion: view.discussion,
      student,
      classroom: await prepareClassInSlices(discussionClass(view.students, roster)),
      member: roster.find((member) => member.id === userId && member.names.length > 0),
      options,
    });
  });
}
