import { readFileSync } from 'node:fs';
import { marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import type { Plugin } from 'vite';

/**
 * Imports `*.md` content files as `{ frontmatter, html }`, rendered at build time, so pages carry
 * finished HTML and no Markdown parser ships to the browser. Content is ours and trusted; external
 * links open in a new tab.
 */
export function markdownContent(): Plugin {
  return {
    name: 'margin-markdown-content',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.md')) return null;
      const source = readFileSync(id, 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
      const frontmatter = match ? (parseYaml(match[1]!) as Record<string, unknown>) : {};
      const body = match ? source.slice(match[0].length) : source;
      const html = renderMarkdown(body);
      return `export default ${JSON.stringify({ frontmatter, html })};`;
    },
  };
}

export function renderMarkdown(markdown: string): string {
  const renderer = new marked.Renderer();
  const renderLink = renderer.link.bind(renderer);
  renderer.link = (token) => {
    const html = renderLink(token);
    return /^https?:\/\//.test(token.href)
      ? html.replace('<a ', '<a target="_blank" rel="noopener noreferrer" ')
      : html;
  };
  renderer.heading = ({ tokens, depth }) => {
    const text = tokens.map((token) => ('text' in token ? token.text : '')).join('');
    const id = text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return `<h${depth} id="${id}">${marked.Parser.parseInline(tokens)}</h${depth}>\n`;
  };
  return marked.parse(markdown, { renderer, async: false, gfm: true });
}
