/**
 * The line at the end of each comment a teacher saves, to tell students how their feedback was made.
 * Off by default. The decision whether a comment carries it is made here, and only here: the
 * teacher's own choice joined to her institution's (decision 063).
 */
export const AI_LINE = 'Feedback drafted with AI and reviewed by your teacher.';

/**
 * Who asks for the line: the teacher in her settings, her institution's admin for all its teachers.
 * Either is enough; a teacher cannot turn off what her institution turned on.
 */
export type AiLineSettings = { teacherAddsLine: boolean; institutionAddsLine: boolean };

/** The line to end her comments with, or null when none is added. */
export function aiLineFor(settings: AiLineSettings): string | null {
  return settings.teacherAddsLine || settings.institutionAddsLine ? AI_LINE : null;
}

/**
 * The comment as it goes to Canvas: with the line after a blank line, once. An empty comment stays
 * empty (the line alone is no feedback), and a comment that already ends with it is left as it is.
 */
export function withAiLine(comment: string, line: string | null): string {
  if (!line) return comment;
  const body = comment.trimEnd();
  if (!body || body.endsWith(line)) return comment;
  return `${body}\n\n${line}`;
}
