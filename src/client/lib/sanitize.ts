import DOMPurify from 'dompurify';

let isConfigured = false;

/**
 * Every piece of HTML that comes from Canvas (submission bodies, comments, descriptions) passes
 * through here before it is rendered: scripts, event handlers, javascript: links, forms and
 * frames are removed; remaining links open in a new tab without access to this page.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (!isConfigured) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    isConfigured = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
