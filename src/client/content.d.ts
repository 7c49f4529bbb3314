/** Content files rendered at build time by scripts/vite-markdown.ts. */
declare module '*.md' {
  const content: { frontmatter: Record<string, unknown>; html: string };
  export default content;
}
