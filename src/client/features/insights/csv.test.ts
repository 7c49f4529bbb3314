import { describe, expect, it } from 'vitest';
import { fileSlug, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and keeps accents and apostrophes', () => {
    expect(
      toCsv([
        ['Name', 'Score'],
        ["O'Connor-Núñez, Zoë", 91.5],
        ['Said "hi"\nthen', null],
      ]),
    ).toBe('Name,Score\r\n"O\'Connor-Núñez, Zoë",91.5\r\n"Said ""hi""\nthen",\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv([['=HYPERLINK("x")', '-2', -2, '@sum']])).toBe(`"'=HYPERLINK(""x"")",'-2,-2,'@sum\r\n`);
  });

  it('names the file after the course', () => {
    expect(fileSlug('English 10: Literature & Composition')).toBe('english-10-literature-composition');
    expect(fileSlug('Économie')).toBe('economie');
  });
});
