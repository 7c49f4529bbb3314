import type { GradingOptions, RubricCriterion } from '@/shared/schemas/ai';
import type { DraftResponse } from '@/shared/schemas/grading';
import type { ClassWork, GradeDrafter, GradingExample, GradingVariant } from './drafter-port';
import { finalizeDraft } from './finalize-draft';
import { createClassmateRedactor, redactStudentIdentity, type StudentIdentity } from './redaction';

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
 * work: redact (classmates' names, then the student's) → engine → check (grade range, rubric,
 * quotes against the student's own words) with the student's names put back.
 */
export async function draftFromStudentWork(input: {
  /** How grading drafts here: the configured model or the offline engine (drafting/grade-drafter.ts). */
  engine: GradeDrafter;
  work: GatheredWork;
  identity: StudentIdentity;
  /** Everyone else whose name may appear in the work: classmates, the teacher. */
  otherNames?: readonly string[];
  task: GradingTask;
  options: GradingOptions;
  examples: GradingExample[];
  /** The assignment's other work (redacted) and the teacher's grades on it: what the engine learns the scale from. */
  classWork?: ClassWork[];
}): Promise<DraftResponse> {
  const { engine, work, identity, task, options } = input;
  const ownNames = new Set(identity.names.map((name) => name.toLowerCase()));
  const others = (input.otherNames ?? []).filter((name) => !ownNames.has(name.toLowerCase()));
  // Compiled once for both texts: the roster pattern is the costly part of a draft's redaction.
  const redactOthers = createClassmateRedactor(others);
  const redaction = redactStudentIdentity(redactOthers(work.text), identity);
  const useRubric = options.useRubric && task.rubric !== null;
  const raw = await engine.draftGrade({
    ...(task.variant ? { variant: task.variant } : {}),
    assignment: {
      name: task.name,
      descriptionText: task.descriptionText,
      pointsPossible: task.pointsPossible ?? 100,
      rubric: task.rubric,
    },
    submissionText: redaction.text,
    ...(work.ownText ? { ownText: redactStudentIdentity(redactOthers(work.ownText), identity).text } : {}),
    options: { ...options, useRubric },
    examples: input.examples,
    isFileContentIncluded: work.files.read.length > 0,
    ...(input.classWork ? { classWork: input.classWork } : {}),
  });
  const draft = finalizeDraft(raw, {
    submissionText: work.ownText || work.text,
    promptText: task.promptText ?? `${task.name}\n\n${task.descriptionText}`,
    pointsPossible: task.pointsPossible,
    rubric: task.rubric,
    useRubric,
    restore: redaction.restore,
  });
  return { draft, files: work.files };
}
