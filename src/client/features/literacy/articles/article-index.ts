/**
 * The six hub articles (spec §3 Article), in list order. The card data lives here so the hub's
 * list downloads none of the article bodies; each body is its own chunk, loaded when opened.
 * article-index.test.ts checks this index against the Markdown frontmatter.
 */

export const ARTICLE_IDS = [
  'cognitive-load',
  'diver-framework',
  'assessment-ai',
  'prompt-engineering',
  'digital-citizenship',
  'ai-assisted-assessment',
] as const;
export type ArticleId = (typeof ARTICLE_IDS)[number];

export type ArticleSummary = {
  id: ArticleId;
  title: string;
  excerpt: string;
  readTime: string;
  author: string;
  category: string;
  tags: readonly string[];
};

export type ArticleContent = { frontmatter: Record<string, unknown>; html: string };

const AUTHOR = 'Margin Pedagogy Team';

export const ARTICLES: readonly ArticleSummary[] = [
  {
    id: 'cognitive-load',
    title: 'Cognitive Load Theory and AI: Lighten the Load Without Skipping the Learning',
    excerpt:
      'AI can clear away the clutter that overwhelms novices, or quietly do the thinking students need to do. Cognitive load theory helps you tell the difference.',
    readTime: '8 min read',
    author: AUTHOR,
    category: 'Learning Theory',
    tags: ['Cognitive Load', 'AI Tools', 'Instructional Design'],
  },
  {
    id: 'diver-framework',
    title: 'The DIVER Framework: Building AI Literacy Into Everyday Assignments',
    excerpt:
      'DIVER is the five-phase framework Margin uses to bring AI literacy into real assignments: Discovery, Interaction, Verification, Editing, and Reflection.',
    readTime: '10 min read',
    author: AUTHOR,
    category: 'Teaching Frameworks',
    tags: ['AI Literacy', 'Assignment Design', 'Critical Thinking'],
  },
  {
    id: 'assessment-ai',
    title: 'Assessment and Feedback in the Age of AI',
    excerpt:
      'When AI can produce a passable essay in seconds, assessment has to ask what thinking we want to see. A practical guide to feedback, task redesign, and honest policies.',
    readTime: '12 min read',
    author: AUTHOR,
    category: 'Assessment & Feedback',
    tags: ['Assessment', 'Feedback', 'Academic Integrity'],
  },
  {
    id: 'prompt-engineering',
    title: 'Prompt Engineering for Teachers: Better Requests, Better Drafts',
    excerpt:
      'A short, practical guide to writing AI prompts for lesson planning, differentiation, rubrics, and feedback, with before-and-after examples and a firm privacy rule.',
    readTime: '6 min read',
    author: AUTHOR,
    category: 'AI Implementation',
    tags: ['Prompt Engineering', 'Lesson Planning', 'Student Privacy'],
  },
  {
    id: 'digital-citizenship',
    title: 'Digital Citizenship in the Age of AI: Norms, Agreements, and Activities',
    excerpt:
      'Disclosure, honesty, bias, privacy, and deepfakes: how to build classroom norms for AI that students understand and help create, with activities for every age.',
    readTime: '7 min read',
    author: AUTHOR,
    category: 'Classroom Management',
    tags: ['Digital Citizenship', 'Media Literacy', 'Classroom Norms'],
  },
  {
    id: 'ai-assisted-assessment',
    title: 'AI-Assisted Grading, Done Responsibly',
    excerpt:
      'AI can draft grades and feedback, but the teacher must stay in control. How to use rubrics, calibrate, verify evidence, check for bias, and protect student privacy.',
    readTime: '8 min read',
    author: AUTHOR,
    category: 'Assessment & Feedback',
    tags: ['Grading', 'Rubrics', 'Student Privacy'],
  },
];

/** One dynamic import per article, so each body is a separate chunk. */
const loaders: Record<ArticleId, () => Promise<{ default: ArticleContent }>> = {
  'cognitive-load': () => import('@/../content/articles/cognitive-load.md'),
  'diver-framework': () => import('@/../content/articles/diver-framework.md'),
  'assessment-ai': () => import('@/../content/articles/assessment-ai.md'),
  'prompt-engineering': () => import('@/../content/articles/prompt-engineering.md'),
  'digital-citizenship': () => import('@/../content/articles/digital-citizenship.md'),
  'ai-assisted-assessment': () => import('@/../content/articles/ai-assisted-assessment.md'),
};

const loaded = new Map<ArticleId, ArticleContent>();

export function loadArticle(id: ArticleId): Promise<ArticleContent> {
  return loaders[id]().then((module) => {
    loaded.set(id, module.default);
    return module.default;
  });
}

/** An article body already loaded on this page, so a prerendered article hydrates with its text in place. */
export function loadedArticle(id: ArticleId): ArticleContent | undefined {
  return loaded.get(id);
}

/** Loads the article `?article=` names, if any, before the hub renders (prerendering and hydration). */
export async function preloadArticleOf(url: URL): Promise<void> {
  const id = url.searchParams.get('article');
  if (isArticleId(id)) await loadArticle(id);
}

export function isArticleId(value: string | null): value is ArticleId {
  return value !== null && (ARTICLE_IDS as readonly string[]).includes(value);
}

export function findArticle(id: ArticleId): ArticleSummary {
  return ARTICLES.find((article) => article.id === id)!;
}

/**
 * The sidebar's category tiles. The counts are the spec's static figures (§3), not computed from
 * the list; the tiles are labels, not filters.
 */
export const CATEGORY_TILES = [
  { name: 'Learning Theory', count: 1 },
  { name: 'Teaching Frameworks', count: 1 },
  { name: 'Classroom Management', count: 0 },
  { name: 'Assessment & Feedback', count: 0 },
] as const;
