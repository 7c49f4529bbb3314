import type { GradingOptions } from '@/shared/schemas/ai';
import type { DraftResponse } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import type { CanvasAssignment, CanvasClient, CanvasSubmission } from '@/server/adapters/canvas';
import { extractDocumentText, htmlToText } from '@/server/adapters/documents';
import { draftFromStudentWork } from '../kernel/draft-from-student-work';
import type { ClassWork, GradeDrafter, GradingExample } from '../kernel/drafter-port';
import { createClassmateRedactor, createIdentityRedactor } from '../kernel/redaction';

const MAX_EXAMPLES = 3;
const EXAMPLE_EXCERPT_CHARS = 700;
const MAX_FILES_PER_SUBMISSION = 5;

/** `text` is what the engine reads (with file markers); `ownText` is the student's words alone, which quotes are checked against. */
export type StudentWork = { text: string; ownText: string; files: DraftResponse['files'] };

/**
 * The student's work as plain text: the HTML body, then the text of each readable attachment.
 * Nothing here is stored; a file that cannot be read is reported, and the draft uses the rest.
 */
export async function gatherStudentWork(client: CanvasClient, submission: CanvasSubmission): Promise<StudentWork> {
  const files: StudentWork['files'] = { read: [], unsupported: [], failed: [] };
  const parts: string[] = [];
  const own: string[] = [];
  if (submission.body) {
    parts.push(htmlToText(submission.body));
    own.push(htmlToText(submission.body));
  }
  if (submission.url) parts.push(`Submitted link: ${submission.url}`);
  const attachments = submission.attachments.slice(0, MAX_FILES_PER_SUBMISSION);
  const extracted = await Promise.all(
    attachments.map(async (attachment) => {
      const name = attachment.displayName || attachment.filename;
      try {
        const download = await client.downloadAttachment(attachment.url);
        return {
          name,
          result: await extractDocumentText({
            bytes: download.bytes,
            filename: attachment.filename,
            contentType: attachment.contentType,
          }),
        };
      } catch (error) {
        return {
          name,
          result: { status: 'failed' as const, reason: error instanceof Error ? error.message : 'download failed' },
        };
      }
    }),
  );
  for (const { name, result } of extracted) {
    if (result.status === 'read') {
      files.read.push(name);
      parts.push(`--- File: ${name} ---\n${result.text}`);
      own.push(result.text);
    } else if (result.status === 'unsupported') {
      files.unsupported.push(name);
    } else {
      files.failed.push(name);
    }
  }
  return { text: parts.filter(Boolean).join('\n\n').trim(), ownText: own.filter(Boolean).join('\n\n').trim(), files };
}

/** Every name on the assignment's roster (display and sortable forms): none of them reaches a model. */
export function rosterNames(submissions: readonly CanvasSubmission[]): string[] {
  return [...new Set(submissions.flatMap((submission) => identityOf(submission).names))];
}

/** The class's redaction, compiled once per class list: each student's own identity, then everyone on the roster. */
const classRedactors = new WeakMap<
  readonly CanvasSubmission[],
  (submission: CanvasSubmission, text: string) => string
>();

function classRedactorFor(
  submissions: readonly CanvasSubmission[],
): (submission: CanvasSubmission, text: string) => string {
  let redactor = classRedactors.get(submissions);
  if (!redactor) {
    const redactRoster = createClassmateRedactor(rosterNames(submissions));
    redactor = (submission, text) => redactRoster(createIdentityRedactor(identityOf(submission))(text).text);
    classRedactors.set(submissions, redactor);
  }
  return redactor;
}

/**
 * A few submissions the teacher has already graded with a comment, redacted (the author's identity
 * and every name on the roster), so the draft follows the teacher's own scale and voice. Only text
 * bodies are used (no downloads for examples).
 */
export function pickTeacherExamples(submissions: CanvasSubmission[], forStudentId: number): GradingExample[] {
  const graded = submissions.filter(
    (submission) =>
      submission.userId !== forStudentId &&
      submission.workflowState === 'graded' &&
      submission.score !== null &&
      submission.body &&
      submission.comments.some((comment) => comment.authorId !== submission.userId),
  );
  // Spread across the scale: highest, lowest, then the middle.
  const sorted = [...graded].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const chosen = [sorted[0], sorted[sorted.length - 1], sorted[Math.floor(sorted.length / 2)]]
    .filter(
      (submission, index, all): submission is CanvasSubmission =>
        Boolean(submission) && all.indexOf(submission) === index,
    )
    .slice(0, MAX_EXAMPLES);
  const redact = classRedactorFor(submissions);
  return chosen.map((submission, index) => {
    const teacherComment = submission.comments.filter((comment) => comment.authorId !== submission.userId).at(-1)!;
    const excerpt = htmlToText(submission.body ?? '').slice(0, EXAMPLE_EXCERPT_CHARS);
    return {
      label: `Example ${index + 1}`,
      score: submission.score!,
      comment: redact(submission, htmlToText(teacherComment.comment)),
      excerpt: redact(submission, excerpt),
    };
  });
}

// The redacted text of a submission's body, kept while the submission object lives (a whole-class
// run drafts every student against the same list).
const redactedBodies = new WeakMap<CanvasSubmission, string>();

/**
 * The assignment's other submissions with a text body, redacted (each author's identity and every
 * name on the roster: the calibrated model sends these texts to the provider), and the teacher's grade on those
 * the teacher has graded: what the engine learns the teacher's scale from. Only text bodies are
 * used (no downloads), and the drafted student's own grade is never among them.
 */
export function classWorkFor(submissions: CanvasSubmission[], forStudentId: number): ClassWork[] {
  const work: ClassWork[] = [];
  const redact = classRedactorFor(submissions);
  for (const submission of submissions) {
    if (submission.userId === forStudentId || !submission.body || submission.excused) continue;
    let text = redactedBodies.get(submission);
    if (text === undefined) {
      text = redact(submission, htmlToText(submission.body));
      redactedBodies.set(submission, text);
    }
    if (!text.trim()) continue;
    const isGraded =
      submission.workflowState === 'graded' && submission.score !== null && submission.gradeMatchesCurrentSubmission;
    work.push({ text, grade: isGraded ? submission.score : null });
  }
  return work;
}

function identityOf(submission: CanvasSubmission) {
  const names = [submission.user?.name, submission.user?.sortableName].filter((name): name is string => Boolean(name));
  return { names, emails: [] };
}

/**
 * Drafts a grade and feedback for one student: the submission and its readable files go through
 * the kernel's draft pipeline (redact, engine, check).
 */
export async function draftFeedback(input: {
  engine: GradeDrafter;
  client: CanvasClient;
  assignment: CanvasAssignment;
  submission: CanvasSubmission;
  classSubmissions: CanvasSubmission[];
  options: GradingOptions;
}): Promise<DraftResponse> {
  const { engine, client, assignment, submission, options } = input;
  if (submission.workflowState === 'unsubmitted' && !submission.submittedAt) {
    throw new AppError('VALIDATION', "Cannot grade students who haven't submitted anything yet");
  }
  if (submission.excused) {
    throw new AppError(
      'VALIDATION',
      'This student is excused from this assignment in Canvas: there is nothing to draft.',
      { details: { reason: 'excused' } },
    );
  }
  const work = await gatherStudentWork(client, submission);
  if (!work.text) {
    throw new AppError('VALIDATION', 'This submission has no text Margin can read. Grade it from the files in Canvas.');
  }
  const rubric = assignment.rubric?.length
    ? assignment.rubric.map((criterion) => ({
        id: criterion.id,
        description: criterion.description,
        long_description: criterion.longDescription,
        points: criterion.points,
        ratings: criterion.ratings.map((rating) => ({
          id: rating.id,
          description: rating.description,
          long_description: rating.longDescription,
          points: rating.points,
        })),
      }))
    : null;
  return draftFromStudentWork({
    engine,
    // A link-only submission has no words of its own (ownText is empty): the engine then reads the link line.
    work,
    identity: identityOf(submission),
    otherNames: rosterNames(input.classSubmissions),
    task: {
      name: assignment.name,
      descriptionText: htmlToText(assignment.description ?? ''),
      pointsPossible: assignment.pointsPossible,
      rubric,
    },
    options,
    examples: pickTeacherExamples(input.classSubmissions, submission.userId),
    classWork: classWorkFor(input.classSubmissions, submission.userId),
  });
}
