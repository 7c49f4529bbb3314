import { ArrowRight, Star } from 'lucide-react';
import { Button } from '@/client/ui/button';
import { Badge } from '@/client/ui/feedback';
import type { ArticleSummary } from '../articles/article-index';
import { ArticleByline, ArticleTags } from './article-meta';

/** One hub card (spec §2.7): badge, category, title, author, read time, excerpt, tags, read button. */
export function ArticleCard({ article, onRead }: { article: ArticleSummary; onRead: () => void }) {
  const titleId = `article-card-${article.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="accent">
          <Star className="size-3" aria-hidden />
          Featured Article
        </Badge>
        <span className="text-sm font-medium text-brand-600">{article.category}</span>
      </div>
      <h3 id={titleId} className="mt-3 font-serif text-xl leading-snug font-semibold text-ink">
        {article.title}
      </h3>
      <ArticleByline article={article} className="mt-2" />
      <p className="mt-3 leading-relaxed text-slate-700">{article.excerpt}</p>
      <ArticleTags tags={article.tags} className="mt-4" />
      <div className="mt-auto pt-5">
        <Button variant="primary" onClick={onRead} className="w-full sm:w-auto">
          Read Full Article
          <span className="sr-only">: {article.title}</span>
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </article>
  );
}
