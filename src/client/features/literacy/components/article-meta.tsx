import { Clock, UserRound } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { Badge } from '@/client/ui/feedback';
import type { ArticleSummary } from '../articles/article-index';

/** Author and read time, as on the hub card and at the top of the open article. */
export function ArticleByline({
  article,
  className,
}: {
  article: Pick<ArticleSummary, 'author' | 'readTime'>;
  className?: string;
}) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600', className)}>
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="size-4" aria-hidden />
        {article.author}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="size-4" aria-hidden />
        {article.readTime}
      </span>
    </p>
  );
}

export function ArticleTags({ tags, className }: { tags: ArticleSummary['tags']; className?: string }) {
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge tone="neutral">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
