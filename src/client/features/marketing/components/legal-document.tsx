import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { CalendarDays, ShieldCheck } from 'lucide-react';
import { usePublicConfig } from '@/client/lib/public-config';
import '@/client/ui/prose.css';
import { classifyLists, escapeHtml, splitAtHeadings, withSupportEmail, type HtmlSection } from '../legal-html';

export type LegalContent = { frontmatter: Record<string, unknown>; html: string };

/**
 * A legal page rendered from its build-time Markdown: title and date from the frontmatter, the
 * support address from configuration, a table of contents on wide screens, and the section named
 * by `pledgeSectionId` (the student privacy pledge) set apart with its two lists side by side.
 */
export function LegalDocument({ content, pledgeSectionId }: { content: LegalContent; pledgeSectionId?: string }) {
  const config = usePublicConfig();
  const navigate = useNavigate();
  const title = String(content.frontmatter.title ?? '');
  const lastUpdated = String(content.frontmatter.lastUpdated ?? '');
  const { before, sections } = useMemo(
    () => splitAtHeadings(withSupportEmail(content.html, config.data?.supportEmail), 2),
    [content.html, config.data?.supportEmail],
  );

  // Links inside the Markdown are plain anchors; in-app ones go through the router, without a reload.
  function followInternalLinks(event: MouseEvent<HTMLElement>) {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  }

  return (
    <div>
      <header className="border-b border-slate-200/70 bg-gradient-to-b from-brand-50 to-paper py-12 sm:py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h1 className="font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">{title}</h1>
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-slate-600">
            <CalendarDays className="size-4" aria-hidden />
            <span>
              Last updated <time dateTime={isoDate(lastUpdated)}>{lastUpdated}</time>
            </span>
          </p>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="mb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">On this page</p>
            <ol className="flex flex-col gap-1 border-l border-slate-200 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l-2 border-transparent py-1 pl-3 text-slate-600 hover:border-brand-500 hover:text-brand-700"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article onClick={followInternalLinks} className="min-w-0">
          <div className="prose" dangerouslySetInnerHTML={{ __html: before }} />
          {sections.map((section) =>
            section.id === pledgeSectionId ? (
              <Pledge key={section.id} section={section} />
            ) : (
              <div
                key={section.id}
                className="prose"
                dangerouslySetInnerHTML={{
                  __html: `<h2 id="${section.id}">${escapeHtml(section.title)}</h2>${section.html}`,
                }}
              />
            ),
          )}
        </article>
      </div>
    </div>
  );
}

function Pledge({ section }: { section: HtmlSection }) {
  const { before, sections: lists } = splitAtHeadings(section.html, 3);
  return (
    <section
      aria-labelledby={section.id}
      className="my-10 rounded-2xl border border-brand-100 bg-brand-50/70 p-4 sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
          <ShieldCheck className="size-6" aria-hidden />
        </span>
        <h2
          id={section.id}
          className="scroll-mt-24 font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl"
        >
          {section.title}
        </h2>
      </div>
      <div className="prose mt-4 max-w-none" dangerouslySetInnerHTML={{ __html: before }} />
      <div className="mt-6 grid gap-5 md:grid-cols-2">
        {lists.map((list) => {
          const tone = /not/.test(list.id) ? 'will-not' : 'will';
          return (
            <div key={list.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <h3
                id={list.id}
                className={`mb-4 scroll-mt-24 text-lg font-semibold ${tone === 'will-not' ? 'text-red-800' : 'text-emerald-800'}`}
              >
                {list.title}
              </h3>
              <div
                className="text-[0.975rem] text-slate-700"
                dangerouslySetInnerHTML={{ __html: classifyLists(list.html, `pledge-list pledge-list--${tone}`) }}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** "January 27, 2025" → "2025-01-27" for the <time> element; empty when the text is not a date. */
function isoDate(text: string): string | undefined {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return undefined;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
