import type { GradingOptions } from '@/shared/schemas/ai';
import type { DiscussionStudent, GradingDiscussion } from '@/shared/schemas/discussion-grading';
import type { DraftResponse } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import { htmlToText } from '@/server/adapters/documents';
import { draftFromStudentWork } from '../kernel/draft-from-student-work';
import type { ClassWork, GradeDrafter, GradingExample } from '../kernel/drafter-port';
import { createClassmateRedactor, type StudentIdentity } from '../kernel/redaction';

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

const MAX_EXAMPLES = 3;
const EXAMPLE_EXCERPT_CHARS = 700;

/**
 * Up to three classmates the teacher already graded with a comment, spread across the scale, as
 * references for the teacher's scale and voice. Every name in them is replaced.
 */
export function pickDiscussionExamples(
  students: readonly DiscussionStudent[],
  forUserId: number,
  everyName: readonly string[],
): GradingExample[] {
  const teacherCommentOf = (student: DiscussionStudent) =>
    student.grade.submission_comments.filter((comment) => comment.author_name !== student.user.name).at(-1);
  const graded = students
    .filter(
      (student) =>
        student.user.id !== forUserId &&
        student.grade.score !== null &&
        student.post_count > 0 &&
        teacherCommentOf(student),
    )
    .sort((a, b) => (b.grade.score ?? 0) - (a.grade.score ?? 0));
  const chosen = [graded[0], graded.at(-1), graded[Math.floor(graded.length / 2)]]
    .filter(
      (student, index, all): student is DiscussionStudent => student !== undefined && all.indexOf(student) === index,
    )
    .slice(0, MAX_EXAMPLES);
  const redact = createClassmateRedactor(everyName);
  return chosen.map((student, index) => ({
    label: `Example ${index + 1}`,
    score: student.grade.score!,
    comment: redact(htmlToText(teacherCommentOf(student)!.comment)),
    excerpt: redact(
      student.posts
        .map((post) => htmlToText(post.message).trim())
        .join('\n\n')
        .slice(0, EXAMPLE_EXCERPT_CHARS),
    ),
  }));
}

/**
 * The class's other contributions to the discussion (each student's own posts, every name
 * replaced) and the teacher's grades on those already graded: what the engine learns the
 * teacher's scale from, as for an assignment. The drafted student is never among them.
 */
export function discussionClassWork(
  students: readonly DiscussionStudent[],
  forUserId: number,
  everyName: readonly string[],
): ClassWork[] {
  // One roster pattern for the whole class, not one per classmate.
  const redact = createClassmateRedactor(everyName);
  return students
    .filter((student) => student.user.id !== forUserId && student.post_count > 0 && !student.grade.excused)
    .map((student) => ({
      text: redact(student.posts.map((post) => htmlToText(post.message).trim()).join('\n\n')),
      grade: student.grade.score,
    }))
    .filter((work) => work.text.trim().length > 0);
}

/**
 * Drafts a grade and feedback for one student's part in a discussion: all their posts with the
 * posts they answered, the prompt and the rubric, judging participation as well as content. Names
 * (the student's and everyone else's) are replaced before the engine sees anything and the
 * student's are put back afterwards; quotes must be the student's own words.
 */
export async function draftDiscussionFeedback(input: {
  engine: GradeDrafter;
  discussion: GradingDiscussion;
  student: DiscussionStudent;
  /** Everyone else whose name may appear: classmates, the teacher. */
  otherNames: string[];
  /** Classmates already graded, as references for the teacher's scale and voice. */
  classmates?: readonly DiscussionStudent[];
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
  const identity: StudentIdentity = { names: [student.user.name, student.user.sortable_name], emails: [] };
  const rubric = discussion.rubric?.length ? discussion.rubric : null;
  const prompt = htmlToText(discussion.message ?? '').trim();

  return draftFromStudentWork({
    engine,
    work: { text: work.text, ownText: work.ownText, files: { read: [], unsupported: [], failed: [] } },
    identity,
    otherNames: input.otherNames,
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
    examples: pickDiscussionExamples(input.classmates ?? [], student.user.id, [...input.otherNames, ...identity.names]),
    classWork: discussionClassWork(input.classmates ?? [], student.user.id, [...input.otherNames, ...identity.names]),
  });
}
