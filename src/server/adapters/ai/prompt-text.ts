/**
 * Text handling every prompt needs, whatever the feature: untrusted text (a student's work, an
 * uploaded assignment) must not close the block it is placed in and speak as the prompt, and long
 * text is cut with a visible marker.
 */

/** Removes the named delimiter tags from untrusted text, so it cannot close its block and speak as us. */
export function neutralizeTags(text: string, tags: readonly string[]): string {
  if (tags.length === 0) return text;
  const names = tags.map((tag) => tag.replace(/[^A-Za-z0-9_-]/g, '')).join('|');
  return text.replace(new RegExp(`<\\s*\\/?\\s*(${names})\\b[^>]*>`, 'gi'), '[tag removed]');
}

export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n[... truncated: ${text.length - limit} more characters not shown ...]`;
}
