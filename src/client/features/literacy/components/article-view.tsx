import { useEffect, useRef, useState } from 'react';
import { toast } from '@/client/lib/toast';
import { ArrowLeft, Printer, Share2, Wand2 } from 'lucide-react';
import { usePageMeta } from '@/client/lib/page-meta';
import { Button, ButtonLink } from '@/client/ui/button';
import { Badge, ErrorState, Spinner } from '@/client/ui/feedback';
import '@/client/ui/prose.css';
import './article.css';
import { loadArticle, loadedArticle, type ArticleContent, type ArticleSummary } from '../articles/article-index';
import { copyText } from '../browser-actions';
import { ArticleByline, ArticleTags } from './article-meta';

type LoadState = { status: 'loading' } | { status: 'ready'; content: ArticleContent } | { status: 'failed' };

/** Loads one article body (its own chunk). Keyed by article id by the caller, so state starts fresh. */
function useArticleBody(summary: ArticleSummary) {
  // A prerendered article's body was loaded before the page hydrated: it renders at once.
  const [state, setState] = useState<LoadState>(() => {
    const content = loadedArticle(summary.id);
    return content ? { status: 'ready', content } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const isReady = state.status === 'ready';
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    loadArticle(summary.id).then(
      (content) => {
        if (isCurrent) setState({ status: 'ready', content });
      },
      (error: unknown) => {
        console.error('Could not load the article', summary.id, error);
        if (isCurrent) setState({ status: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [summary.id, attempt, isReady]);
  return {
    state,
    retry() {
      setState({ status: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
}

/**
 * Shares the article with the device's share sheet, or copies the address when there is none
 * (spec §2.7). Cancelling the share sheet is not an error.
 */
export async function shareArticle(article: Pick<ArticleSummary, 'title' | 'excerpt'>, url = window.location.href) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: article.title, text: article.excerpt, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Sharing is refused (no user gesture, unsupported data): copy instead.
    }
  }
  if (await copyText(url)) {
    toast.success('URL copied to clipboard!');
    return;
  }
  // The browser refused the clipboard: give the address to copy by hand, and keep it until closed.
  toast('Copy this link', { description: <CopyByHand url={url} />, duration: Infinity });
}

/** The article's address, selected and ready for Ctrl+C / long-press copy. */
function CopyByHand({ url }: { url: string }) {
  return (
    <span className="flex flex-col gap-1.5">
      <span>Your browser did not allow copying. Select the address and copy it:</span>
      <input
        readOnly
        value={url}
        aria-label="Article address"
        className="w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-ink"
        onFocus={(event) => event.currentTarget.select()}
        ref={(input) => input?.select()}
      />
    </span>
  );
}

/** A hub article read in place (spec §2.7), with Print, Share and Back to Hub. */
export function ArticleView({ summary, onBack }: { summary: ArticleSummary; onBack: () => void }) {
  usePageMeta(summary.title, summary.excerpt, 'article');
  const { state, retry } = useArticleBody(summary);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <article
      aria-labelledby="article-title"
      className="print-article mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12"
    >
      <div className="print-hidden mb-8 flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack} className="-ml-3">
          <ArrowLeft aria-hidden />
          Back to Hub
        </Button>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
          <Button variant="outline" size="sm" onClick={() => void shareArticle(summary)}>
            <Share2 aria-hidden />
            Share
          </Button>
        </div>
      </div>

      <header className="border-b border-slate-200 pb-8">
        <Badge tone="brand">{summary.category}</Badge>
        <h1
          id="article-title"
          ref={headingRef}
          tabIndex={-1}
          className="mt-4 font-serif text-3xl leading-tight font-semibold tracking-tight text-balance text-ink focus:outline-none sm:text-4xl"
        >
          {summary.title}
        </h1>
        <ArticleByline article={summary} className="mt-4 gap-x-5" />
        <p className="mt-5 text-lg leading-relaxed text-slate-700">{summary.excerpt}</p>
        <ArticleTags tags={summary.tags} className="mt-5" />
      </header>

      <div className="mt-8">
        {state.status === 'loading' ? <Spinner label="Loading article..." className="py-16" /> : null}
        {state.status === 'failed' ? (
          <ErrorState
            title="The article could not be loaded"
            message="Please check your internet connection and try again."
            onRetry={retry}
          />
        ) : null}
        {state.status === 'ready' ? (
          // Our own content, rendered from Markdown at build time: trusted HTML.
          <div className="prose article-prose" dangerouslySetInnerHTML={{ __html: state.content.html }} />
        ) : null}
      </div>

      <footer className="print-hidden mt-12 flex flex-col gap-4 border-t border-slate-200 pt-8 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back to Hub
        </Button>
        <ButtonLink to="/ai-assignment-integration" variant="secondary">
          <Wand2 aria-hidden />
          Try the Assignment Integration Tool
        </ButtonLink>
      </footer>
    </article>
  );
}
