import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const dirty =
      '<p>Essay<script>window.hacked = 1</script></p><img src="x" onerror="window.hacked = 2"><a href="javascript:alert(1)">click</a><iframe src="https://evil.test"></iframe>';
    const clean = sanitizeHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|javascript:|iframe/i);
    expect(clean).toContain('<p>Essay</p>');
  });

  it('keeps ordinary formatting and makes links open safely in a new tab', () => {
    const clean = sanitizeHtml(
      '<p><strong>Bold</strong> <a href="https://example.org">source</a></p><ul><li>one</li></ul>',
    );
    expect(clean).toContain('<strong>Bold</strong>');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
    expect(clean).toContain('<li>one</li>');
  });

  it('returns an empty string for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
  });
});
