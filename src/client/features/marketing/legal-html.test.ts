import { describe, expect, it } from 'vitest';
import privacy from '@/../content/legal/privacy.md';
import terms from '@/../content/legal/terms.md';
import { classifyLists, splitAtHeadings, withSupportEmail } from './legal-html';

describe('legal page helpers', () => {
  it('puts the support address in place of every token, as an escaped mailto link', () => {
    const html = withSupportEmail(terms.html, 'help@school.test');
    expect(html).not.toContain('{{SUPPORT_EMAIL}}');
    expect(html).toContain('<a href="mailto:help@school.test">help@school.test</a>');
    expect(withSupportEmail('<p>{{SUPPORT_EMAIL}}</p>', '<x>@y.z')).toBe(
      '<p><a href="mailto:&#60;x&#62;@y.z">&#60;x&#62;@y.z</a></p>',
    );
    expect(withSupportEmail('<p>Write to {{SUPPORT_EMAIL}}.</p>', undefined)).toBe(
      '<p>Write to our support address.</p>',
    );
  });

  it('finds the privacy sections of spec part 2 §2.10 and the pledge lists of 6 and 8 items', () => {
    const { before, sections } = splitAtHeadings(privacy.html, 2);
    expect(before).toContain('Margin helps teachers');
    expect(sections.map((section) => section.title)).toEqual([
      'Our Student Privacy Pledge',
      '1. Information We Collect',
      '2. How We Use Information',
      '3. Third-Party Services',
      '4. Data Security and Retention',
      '5. Your Rights',
      '6. Legal Compliance',
      '7. Changes to This Policy',
      '8. Contact Us',
    ]);
    const pledge = splitAtHeadings(sections[0]!.html, 3);
    expect(pledge.sections.map((list) => [list.id, list.html.match(/<li>/g)?.length])).toEqual([
      ['we-will-not', 6],
      ['we-will', 8],
    ]);
    expect(classifyLists(pledge.sections[0]!.html, 'pledge-list')).toContain('<ul class="pledge-list">');
  });

  it('reads the date and title from the frontmatter', () => {
    expect(privacy.frontmatter).toMatchObject({ title: 'Privacy Policy', lastUpdated: 'January 27, 2025' });
    expect(terms.frontmatter).toMatchObject({ title: 'Terms of Service', lastUpdated: 'January 27, 2025' });
  });
});
