import type { GradingOptions } from '@/shared/schemas/ai';
import type { DraftResponse } from '@/shared/schemas/grading';
import { toRubricCriteria } from '../kernel/to-grading-view';
import { AppError } from '@/server/core/app-error';
import type { CanvasAssignment, CanvasClient, CanvasSubmission } from '@/server/adapters/canvas';
import { extractDocumentText, htmlToText } from '@/server/adapters/documents';
import { draftAndKeep } from '../kernel/draft-and-keep';
import { draftFromStudentWork, type GatheredWork } from '../kernel/draft-from-student-work';
import type { GradeDrafter } from '../kernel/drafter-port';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import {
  prepareClassInSlices,
  rosterMemberOf,
  rubricPointsOf,
  type ClassPiece,
  type PreparedClass,
} from '../kernel/prepare-class';
import type { RosterMember } from '../kernel/redaction';
import { assertNotModerated } from '../kernel/save-grade';
import { loadAssignmentForDraft } from './load-assignment';

const MAX_FILES_PER_SUBMISSION = 5;

/**
 * The student's work as plain text: the HTML body, then the text of each readable attachment.
 * Nothing here is stored; a file that cannot be read is reported, and the draft uses the rest.
 */
export async function gatherStudentWork(client: CanvasClient, submission: CanvasSubmission): Promise<GatheredWork> {
  const files: GatheredWork['files'] = { read: [], unsupported: [], failed: [] };
  const parts: string[] = [];
  const own: string[] = [];
  const hiddenInFiles: string[] = [];
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
      hiddenInFiles.push(...(result.hidden ?? []));
    } else if (result.status === 'unsupported') {
      files.unsupported.push(name);
    } else {
      files.failed.push(name);
    }
  }
  return {
    text: parts.filter(Boolean).join('\n\n').trim(),
    ownText: own.filter(Boolean).join('\n\n').trim(),
    files,
    html: submission.body,
    ...(hiddenInFiles.length > 0 ? { hiddenInFiles } : {}),
  };
}

/**
 * The class as a draft reads it: every assigned student on the roster (none of their names
 * reaches a model), and the text bodies of the submissions with the teacher's grades and comments
 * (no downloads for the class). Prepared once per class read: a whole-class run and the evaluation
 * draft every student against the same list.
 */
const preparedClasses = new WeakMap<readonly CanvasSubmission[], Promise<PreparedClass>>();

export function prepareAssignmentClass(
  submissions: readonly CanvasSubmission[],
  classmates: readonly RosterMember[] = [],
): Promise<PreparedClass> {
  let prepared = preparedClasses.get(submissions);
  if (!prepared) {
    prepared = prepareClassInSlices({
      // On an anonymised assignment the submissions name nobody: the course's students are the roster.
      roster: [...submissions.map(rosterMemberOf), ...classmates],
      pieces: submissions.flatMap((submission): ClassPiece[] => {
        const body = submission.body;
        if (!body || submission.excused) return [];
        const isGraded = submission.workflowState === 'graded' && submission.score !== null;
        const teacherComment = submission.comments.filter((comment) => comment.authorId !== submission.userId).at(-1);
        const isCurrentGrade = isGraded && submission.gradeMatchesCurrentSubmission;
        return [
          {
            authorId: submission.userId,
            source: body,
            readText: () => htmlToText(body),
            // A grade on an earlier attempt does not describe this work.
            grade: isCurrentGrade ? submission.score : null,
            // Her rubric assessment of this work: each criterion learns its level and weights from it.
            rubric: isCurrentGrade ? rubricPointsOf(submission.rubricAssessment) : null,
            example:
              isGraded && teacherComment
                ? { score: submission.score!, comment: htmlToText(teacherComment.comment) }
                : null,
          },
        ];
      }),
    });
    preparedClasses.set(submissions, prepared);
  }
  return prepared;
}

/**
 * Drafts a grade and feedback for one student: the submission and its readable files go through
 * the kernel's draft pipeline (redact, drafter, check), with the class for scale and examples.
 */
export async function draftFeedback(input: {
  engine: GradeDrafter;
  client: CanvasClient;
  assignment: CanvasAssignment;
  submission: CanvasSubmission;
  classSubmissions: CanvasSubmission[];
  /** The course's students by name, on an anonymised assignment (decision 067). */
  classmates?: RosterMember[];
  options: GradingOptions;
}): Promise<DraftResponse> {
  const { engine, client, assignment, submission, options } = input;
  assertNotModerated(assignment);
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
  const rubric = assignment.rubric?.length ? toRubricCriteria(assignment.rubric) : null;
  return draftFromStudentWork({
    engine,
    // A link-only submission has no words of its own (ownText is empty): the engine then reads the link line.
    work,
    student: rosterMemberOf(submission),
    classroom: await prepareAssignmentClass(input.classSubmissions, input.classmates),
    task: {
      name: assignment.name,
      descriptionText: htmlToText(assignment.description ?? ''),
      pointsPossible: assignment.pointsPossible,
      rubric,
    },
    options,
  });
}

/** The draft route's use case: one student's draft, counted against the allowance and kept for the teacher. */
export async function draftAssignmentStudent(
  deps: Pick<GradingDependencies, 'db' | 'drafts' | 'canvas' | 'drafterFor'>,
  teacherId: string,
  target: { courseId: number; assignmentId: number; userId: number },
  options: GradingOptions,
): Promise<DraftResponse> {
  const { courseId, assignmentId, userId } = target;
  return draftAndKeep(
    deps,
    teacherId,
    { target: { kind: 'assignment', courseId, assignmentId }, key: userId },
    async () => {
      const { client } = await deps.canvas.clientFor(teacherId);
      const { assignment, submissions, submission, classmates } = await loadAssignmentForDraft(
        client,
        teacherId,
        target,
      );
      return draftFeedback({
        engine: await deps.drafterFor(teacherId),
        client,
        assignment,
        submission,
        classSubmissions: submissions,
        classmates,
        options,
      });
    },
  );
}
