import type { GradingOptions, RubricCriterion } from '@/shared/schemas/ai';
import type { DraftResponse } from '@/shared/schemas/grading';
import type { GradeDrafter, GradingVariant } from './drafter-port';
import { finalizeDraft } from './finalize-draft';
import type { PreparedClass } from './prepare-class';
import type { RosterMember } from './redaction';
import { checkForSteering, hiddenTextFlags, withoutSteering } from './steering-check';

/** One student's work, gathered by the variant (submission and files, discussion posts, a quiz answer). */
export type GatheredWork = {
  /** What the engine reads: the work with whatever context the variant adds around it. */
  text: string;
  /**
   * The student's own words only (no labels, file markers, participation lines or classmates'
   * posts): quotes and evidence in the draft are checked against this, and an engine that cannot
   * tell context from work measures it. Empty for a link-only submission: the text is used then.
   */
  ownText: string;
  files: DraftResponse['files'];
  /** The work's HTML, where it has any: hidden text in it is looked for (steering-check.ts). */
  html?: string | null;
  /** Passages of the attached files a reader cannot see (hidden, white or tiny .docx runs). */
  hiddenInFiles?: string[];
};

/** What is being graded, as the engine is told it. */
export type GradingTask = {
  /** The prompt variant (drafting/model/prompts.ts); an assignment when absent. */
  variant?: GradingVariant;
  name: string;
  descriptionText: string;
  /** Null when Canvas has no points possible: the engine is told 100, the checks keep it unknown. */
  pointsPossible: number | null;
  rubric: RubricCriterion[] | null;
  /**
   * What the student was asked (title and prompt): a quote found here, not in the student's own
   * words, is not the student's. The name and description unless given.
   */
  promptText?: string;
};

/**
 * The one draft pipeline of every grading screen, after the variant has gathered the student's
 * work and read the class: everything the drafter reads is redacted here, with the class's one
 * roster redactor (the student's names become placeholders, everyone else on the roster
 * [CLASSMATE], e-mails go), then drafter → check (grade range, rubric, quotes against the
 * student's own words) with the student's names put back.
 */
export async function draftFromStudentWork(input: {
  /** How grading drafts here: the configured model or the offline engine (drafting/grade-drafter.ts). */
  engine: GradeDrafter;
  work: GatheredWork;
  /** The drafted student: their id on the roster and their names and e-mails. */
  student: RosterMember;
  /** The class, prepared once per class read: the roster's redactor, the class work and the examples. */
  classroom: PreparedClass;
  task: GradingTask;
  options: GradingOptions;
}): Promise<DraftResponse> {
  const { engine, options, student, classroom, task } = input;
  // The offline engine measures what it reads: passages that try to steer the draft earn nothing
  // (decision 054). A model reads them fenced as data, and is told to report the attempt.
  const flags = engine.isOffline
    ? checkForSteering({
        html: input.work.html ?? null,
        text: input.work.ownText || input.work.text,
        rubric: task.rubric,
        hiddenInFiles: input.work.hiddenInFiles ?? [],
      })
    : [];
  // Hidden text in a file is only found when the file is read, here: the draft carries it to the
  // teacher's panel, whatever the engine (the work's own HTML is checked with the grading view).
  const fileFlags = hiddenTextFlags(input.work.hiddenInFiles ?? []);
  const work =
    flags.length > 0
      ? {
          ...input.work,
          text: withoutSteering(input.work.text, flags),
          ownText: withoutSteering(input.work.ownText, flags),
        }
      : input.work;
  const redaction = classroom.redactor.forStudent(student);
  const useRubric = options.useRubric && task.rubric !== null;
  const classWork = await classroom.classWorkFor(student.id);
  const raw = await engine.draftGrade({
    ...(task.variant ? { variant: task.variant } : {}),
    assignment: {
      name: task.name,
      descriptionText: task.descriptionText,
      pointsPossible: task.pointsPossible ?? 100,
      rubric: task.rubric,
    },
    submissionText: redaction.redact(work.text),
    ...(work.ownText ? { ownText: redaction.redact(work.ownText) } : {}),
    options: { ...options, useRubric },
    examples: classroom.examplesFor(student.id),
    isFileContentIncluded: work.files.read.length > 0,
    classWork,
  });
  const draft = finalizeDraft(raw, {
    submissionText: work.ownText || work.text,
    promptText: task.promptText ?? `${task.name}\n\n${task.descriptionText}`,
    pointsPossible: task.pointsPossible,
    rubric: task.rubric,
    useRubric,
    restore: redaction.restore,
  });
  return { draft, files: work.files, ...(fileFlags.length > 0 ? { steering_flags: fileFlags } : {}) };
}
