/**
 * Pure helpers over the legal pages' build-time HTML (scripts/vite-markdown.ts gives every heading
 * an id). The HTML is our own content, never user input.
 */

export type HtmlSection = { id: string; title: string; html: string };

const SUPPORT_EMAIL_TOKEN = '{{SUPPORT_EMAIL}}';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Puts the configured support address in place of the token, as a mailto link. */
export function withSupportEmail(html: string, supportEmail: string | undefined): string {
  const replacement = supportEmail
    ? `<a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>`
    : 'our support address';
  return html.replaceAll(SUPPORT_EMAIL_TOKEN, replacement);
}

/** Splits HTML at each heading of `level`: what comes before the first one, then one part per heading. */
export function splitAtHeadings(html: string, level: 2 | 3): { before: string; sections: HtmlSection[] } {
  const pattern = new RegExp(`<h${level} id="([^"]*)">([\\s\\S]*?)</h${level}>`, 'g');
  const matches = [...html.matchAll(pattern)];
  if (matches.length === 0) return { before: html, sections: [] };
  const sections = matches.map((match, index) => {
    const start = match.index + match[0].length;
    const end = index + 1 < matches.length ? matches[index + 1]!.index : html.length;
    return { id: match[1]!, title: stripTags(match[2]!), html: html.slice(start, end) };
  });
  return { before: html.slice(0, matches[0]!.index), sections };
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();
}

/** Adds a class to every <ul> in a piece of HTML. */
export function classifyLists(html: string, className: string): string {
  return html.replaceAll('<ul>', `<ul class="${className}">`);
}
