// The index is checked against the Markdown files themselves: this test reads them from disk, and
// never ships to the browser.
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ARTICLES, ARTICLE_IDS, CATEGORY_TILES, loadArticle } from './article-index';

const contentFolder = path.resolve(import.meta.dirname, '../../../../../content/articles');

function frontmatterOf(id: string): Record<string, unknown> {
  const source = readFileSync(path.join(contentFolder, `${id}.md`), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`${id}.md has no frontmatter`);
  return parseYaml(match[1]!) as Record<string, unknown>;
}

describe('article index', () => {
  it('lists the six articles in the spec order, with the spec read times', () => {
    expect(ARTICLES.map((article) => article.id)).toEqual([
      'cognitive-load',
      'diver-framework',
      'assessment-ai',
      'prompt-engineering',
      'digital-citizenship',
      'ai-assisted-assessment',
    ]);
    expect(ARTICLES.map((article) => article.id)).toEqual([...ARTICLE_IDS]);
    expect(ARTICLES.map((article) => article.readTime)).toEqual([
      '8 min read',
      '10 min read',
      '12 min read',
      '6 min read',
      '7 min read',
      '8 min read',
    ]);
  });

  it.each(ARTICLES.map((article) => [article.id, article] as const))('%s matches its frontmatter', (id, article) => {
    const frontmatter = frontmatterOf(id);
    expect({ ...article, tags: [...article.tags] }).toEqual({
      id: frontmatter.id,
      title: frontmatter.title,
      excerpt: frontmatter.excerpt,
      readTime: frontmatter.readTime,
      author: frontmatter.author,
      category: frontmatter.category,
      tags: frontmatter.tags,
    });
    expect(frontmatter.featured).toBe(true);
  });

  it('uses only the spec categories, and the static sidebar counts', () => {
    const categories = [
      'Learning Theory',
      'Teaching Frameworks',
      'Assessment & Feedback',
      'AI Implementation',
      'Classroom Management',
    ];
    for (const article of ARTICLES) expect(categories).toContain(article.category);
    expect(CATEGORY_TILES).toEqual([
      { name: 'Learning Theory', count: 1 },
      { name: 'Teaching Frameworks', count: 1 },
      { name: 'Classroom Management', count: 0 },
      { name: 'Assessment & Feedback', count: 0 },
    ]);
  });

  it('loads each body on demand, rendered, with external links opening in a new tab', async () => {
    for (const id of ARTICLE_IDS) {
      const content = await loadArticle(id);
      expect(content.frontmatter.id).toBe(id);
      expect(content.html).toContain('<h2 id="works-cited">Works Cited</h2>');
      for (const link of content.html.match(/<a href="https?:[^>]*>/g) ?? []) expect(link).toContain('target="_blank"');
    }
  });
});
