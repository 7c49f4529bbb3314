import {
  ArrowRight,
  BookOpenCheck,
  CalendarDays,
  FlaskConical,
  Lightbulb,
  ListChecks,
  MessagesSquare,
  School,
  Video,
  Wand2,
} from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '@/client/lib/page-meta';
import { Button, ButtonLink } from '@/client/ui/button';
import { Badge } from '@/client/ui/feedback';
import { PageHero } from '@/client/ui/page-hero';
import { ARTICLES, CATEGORY_TILES, findArticle, type ArticleId } from '../articles/article-index';
import { DIVER_PHASE_ORDER, PHASE_STYLES } from '../diver-phases';
import { ArticleCard } from './article-card';
import { PhaseBadge } from './phase-badge';

const HIGHLIGHTS = [
  {
    icon: FlaskConical,
    title: 'Research-Based',
    text: 'Every article cites the studies it draws on, under Works Cited.',
  },
  { icon: School, title: 'Classroom-Tested', text: 'Routines, prompts and examples written for real lessons.' },
  { icon: Lightbulb, title: 'Innovation Focus', text: 'New tools used in ways that keep the learning with students.' },
];

const QUICK_LINKS = [
  { href: '#featured', label: 'Featured Articles' },
  { href: '#recent', label: 'Recent & Upcoming' },
  { href: '#popular', label: 'Popular Starting Points' },
  { href: '#frameworks', label: 'Frameworks' },
];

const STARTING_POINTS: { question: string; id: ArticleId }[] = [
  { question: 'New to using AI for planning?', id: 'prompt-engineering' },
  { question: 'Redesigning an assignment for a world with AI?', id: 'diver-framework' },
  { question: 'Worried that take-home work no longer shows learning?', id: 'assessment-ai' },
  { question: 'Setting classroom norms for AI use?', id: 'digital-citizenship' },
  { question: 'Thinking about AI help with grading?', id: 'ai-assisted-assessment' },
  { question: 'Wondering when AI help gets in the way of learning?', id: 'cognitive-load' },
];

const UPCOMING = [
  {
    icon: Video,
    title: 'Webinar: Building AI Literacy: A Practical Approach',
    link: { to: '/ai-literacy/community', label: 'Register on the community page' },
  },
  { icon: ListChecks, title: 'DIVER planning template', link: null },
  { icon: CalendarDays, title: 'Video series: AI literacy in five-minute lessons', link: null },
  { icon: MessagesSquare, title: 'Teacher discussion forum', link: null },
];

/** The hub's list view: hero, sidebar, the six featured articles and what comes next. */
export function HubList({ onOpen }: { onOpen: (id: ArticleId) => void }) {
  usePageMeta(
    'AI Pedagogy Hub',
    'Research-based articles for teachers on cognitive load, the DIVER framework, assessment, prompting, digital citizenship and responsible AI-assisted grading.',
  );
  return (
    <div>
      <PageHero
        spacing="compact"
        eyebrow={
          <>
            <BookOpenCheck aria-hidden />
            Articles for teachers
          </>
        }
        title="AI Pedagogy Hub"
        description="Research-based guidance for teaching, assessing and grading when every student has AI at hand."
      >
        <ul className="grid gap-3 text-left sm:grid-cols-3">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-white/80 p-4 shadow-sm">
              <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
              <span className="flex flex-col gap-0.5">
                <span className="font-semibold text-ink">{title}</span>
                <span className="text-sm text-slate-600">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </PageHero>

      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-14">
        <aside aria-label="Hub navigation" className="flex flex-col gap-8 lg:sticky lg:top-24 lg:self-start">
          <section aria-labelledby="browse-heading">
            <h2 id="browse-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              Browse by Category
            </h2>
            <ul className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-1">
              {CATEGORY_TILES.map((tile) => (
                <li
                  key={tile.name}
                  className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm"
                >
                  <span className="font-medium text-ink">{tile.name}</span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                    {tile.count}
                    <span className="sr-only"> {tile.count === 1 ? 'article' : 'articles'}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <nav aria-labelledby="quick-links-heading">
            <h2 id="quick-links-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              Quick Links
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
              {QUICK_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="block rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-brand-600 hover:bg-brand-50 lg:border-0 lg:bg-transparent lg:px-2"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <div className="flex min-w-0 flex-col gap-16">
          <section id="featured" aria-labelledby="featured-heading" className="scroll-mt-24">
            <h2 id="featured-heading" className="font-serif text-3xl font-semibold tracking-tight text-ink">
              Featured Articles
            </h2>
            <p className="mt-2 text-slate-600">Six in-depth articles by the Margin Pedagogy Team.</p>
            <ul className="mt-6 grid gap-5 md:grid-cols-2">
              {ARTICLES.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} onRead={() => onOpen(article.id)} />
                </li>
              ))}
            </ul>
          </section>

          <section id="recent" aria-labelledby="recent-heading" className="scroll-mt-24">
            <h2 id="recent-heading" className="font-serif text-2xl font-semibold tracking-tight text-ink">
              Recent &amp; Upcoming
            </h2>
            <div className="mt-5 rounded-xl border-2 border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
              <h3 className="text-xl font-semibold text-ink">More Articles Coming Soon</h3>
              <p className="mx-auto mt-2 max-w-xl text-slate-600">
                The Margin Pedagogy Team is writing more. The newsletter announces each new article as it is published.
              </p>
              <ButtonLink to="/ai-literacy/community" variant="outline" className="mt-5">
                Get the newsletter
                <ArrowRight aria-hidden />
              </ButtonLink>
            </div>
            <ul className="mt-5 grid gap-3 sm:grid-cols-2">
              {UPCOMING.map(({ icon: Icon, title, link }) => (
                <li key={title} className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
                  <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
                  <span className="flex flex-col gap-1.5">
                    <span className="font-medium text-ink">{title}</span>
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge tone="warning">Coming Soon</Badge>
                      {link ? (
                        <Link to={link.to} className="text-sm font-medium text-brand-600 underline underline-offset-4">
                          {link.label}
                        </Link>
                      ) : null}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <section id="popular" aria-labelledby="popular-heading" className="scroll-mt-24">
            <h2 id="popular-heading" className="font-serif text-2xl font-semibold tracking-tight text-ink">
              Popular Starting Points
            </h2>
            <p className="mt-2 text-slate-600">Common questions, and the article that answers each.</p>
            <ul className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {STARTING_POINTS.map(({ question, id }) => (
                <li key={id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <span className="font-medium text-ink">{question}</span>
                  <button
                    type="button"
                    onClick={() => onOpen(id)}
                    className="text-left text-sm font-medium text-brand-600 underline-offset-4 hover:underline sm:max-w-[55%] sm:text-right"
                  >
                    {findArticle(id).title}
                  </button>
                </li>
              ))}
            </ul>
          </section>

          <section id="frameworks" aria-labelledby="frameworks-heading" className="scroll-mt-24">
            <h2 id="frameworks-heading" className="font-serif text-2xl font-semibold tracking-tight text-ink">
              Frameworks
            </h2>
            <p className="mt-2 text-slate-600">
              DIVER is the five-phase framework Margin uses to build AI literacy into assignments students already do.
            </p>
            <ol className="mt-5 grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
              {DIVER_PHASE_ORDER.map((phase) => (
                <li key={phase} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
                  <PhaseBadge phase={phase} />
                  <span className="text-sm text-slate-700">{PHASE_STYLES[phase].summary}</span>
                </li>
              ))}
            </ol>
            <div className="mt-5 flex flex-col gap-3 sm:flex-row">
              <Button variant="primary" onClick={() => onOpen('diver-framework')}>
                Read the DIVER framework guide
              </Button>
              <ButtonLink to="/ai-assignment-integration" variant="outline">
                <Wand2 aria-hidden />
                Apply it to your assignment
              </ButtonLink>
            </div>
          </section>

          <footer className="rounded-xl bg-brand-50/70 p-6 text-sm text-slate-700">
            <p>
              Written by the Margin Pedagogy Team. Each article lists its sources under Works Cited; links to outside
              sources open in a new tab. Is there a topic you would like us to cover?{' '}
              <Link to="/contact" className="font-medium text-brand-600 underline underline-offset-4">
                Tell us
              </Link>
              .
            </p>
          </footer>
        </div>
      </div>
    </div>
  );
}
