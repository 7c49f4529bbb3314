import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from './link-header';

describe('parseLinkHeader', () => {
  it("reads Canvas's comma-joined links", () => {
    const header =
      '<https://c.example.edu/api/v1/courses?include%5B%5D=term&page=2&per_page=10>; rel="current",' +
      '<https://c.example.edu/api/v1/courses?include%5B%5D=term&page=3&per_page=10>; rel="next",' +
      '<https://c.example.edu/api/v1/courses?page=first&per_page=10>; rel="first"';
    const links = parseLinkHeader(header);
    expect(links.get('next')).toBe('https://c.example.edu/api/v1/courses?include%5B%5D=term&page=3&per_page=10');
    expect(links.get('first')).toBe('https://c.example.edu/api/v1/courses?page=first&per_page=10');
    expect(links.has('last')).toBe(false);
  });

  it('copes with spaces, unquoted rels and no header', () => {
    expect(parseLinkHeader('<https://x/a?page=2>;rel=next, <https://x/a?page=9> ; rel="last"').get('last')).toBe(
      'https://x/a?page=9',
    );
    expect(parseLinkHeader(null).size).toBe(0);
  });
});
