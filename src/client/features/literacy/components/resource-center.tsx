import { ArrowRight, BookOpen, Clock, Library, Sparkles, Users, Wand2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card, CardDescription, CardFooter, CardHeader } from '@/client/ui/card';
import { Badge } from '@/client/ui/feedback';
import { PageHero } from '@/client/ui/page-hero';
import { FEATURED_RESOURCES, RESOURCE_CATEGORIES } from '../content/resource-center';
import { SignupForm } from './signup-form';

const AVAILABLE_NOW = [
  {
    to: '/ai-pedagogy',
    title: 'AI Pedagogy Hub',
    description: 'Six research-based articles on teaching, assessing and grading with AI.',
    icon: BookOpen,
  },
  {
    to: '/ai-assignment-integration',
    title: 'Assignment Integration Tool',
    description: 'Paste an assignment and get DIVER suggestions and a revised version to adapt.',
    icon: Wand2,
  },
  {
    to: '/ai-literacy/community',
    title: 'Community',
    description: 'The newsletter, upcoming webinars and ways to stay in touch.',
    icon: Users,
  },
];

/** /ai-literacy (spec §2.5): header, featured resources, categories, newsletter. */
export function ResourceCenter() {
  return (
    <div>
      <PageHero
        spacing="compact"
        eyebrow={
          <>
            <Library aria-hidden />
            For teachers and schools
          </>
        }
        title="AI Literacy Resource Center"
        description="Practical material for teaching in a world with AI: how to redesign assignments, talk with students about responsible use, and keep the learning at the centre."
      >
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/ai-pedagogy" size="lg">
            <BookOpen aria-hidden />
            Read the Pedagogy Hub
          </ButtonLink>
          <ButtonLink to="/ai-assignment-integration" size="lg" variant="outline">
            <Wand2 aria-hidden />
            Try the Integration Tool
          </ButtonLink>
        </div>
      </PageHero>

      <section aria-labelledby="available-now-heading" className="px-4 pt-12 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <h2 id="available-now-heading" className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
            Available now
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {AVAILABLE_NOW.map(({ to, title, description, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="group flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-200 hover:bg-brand-50/50"
                >
                  <span className="rounded-lg bg-brand-50 p-2 text-brand-700 group-hover:bg-white">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="flex flex-col gap-1">
                    <span className="inline-flex items-center gap-1 font-semibold text-ink">
                      {title}
                      <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
                    </span>
                    <span className="text-sm text-slate-600">{description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="featured-resources-heading" className="px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <div className="mb-8 max-w-2xl">
            <h2 id="featured-resources-heading" className="font-serif text-3xl font-semibold tracking-tight text-ink">
              Featured Resources
            </h2>
            <p className="mt-3 text-slate-600">
              In preparation. Subscribe to the newsletter below to hear when each one is ready.
            </p>
          </div>
          <ul className="grid gap-6 md:grid-cols-3">
            {FEATURED_RESOURCES.map(({ title, description, icon: Icon, format }) => (
              <li key={title}>
                <Card className="flex h-full flex-col">
                  <CardHeader>
                    <div className="mb-2 flex items-center justify-between">
                      <span className="rounded-lg bg-accent-500/10 p-2 text-accent-600">
                        <Icon className="size-6" aria-hidden />
                      </span>
                      <Badge tone="neutral">{format}</Badge>
                    </div>
                    <h3 className="text-lg font-semibold leading-tight text-ink">{title}</h3>
                    <CardDescription className="leading-relaxed">{description}</CardDescription>
                  </CardHeader>
                  <CardFooter className="mt-auto">
                    <Button variant="outline" disabled className="w-full">
                      <Clock aria-hidden />
                      Coming Soon
                    </Button>
                  </CardFooter>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="bg-white px-4 py-14 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <div className="mb-8 max-w-2xl">
            <h2 id="categories-heading" className="font-serif text-3xl font-semibold tracking-tight text-ink">
              Browse by Category
            </h2>
            <p className="mt-3 text-slate-600">
              Four collections open in Fall 2025. Each page says what it will hold and what you can use today.
            </p>
          </div>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {RESOURCE_CATEGORIES.map(({ slug, title, description, icon: Icon }) => (
              <li key={slug}>
                <Card className="flex h-full flex-col">
                  <CardHeader>
                    <span className="mb-2 w-fit rounded-lg bg-brand-50 p-2 text-brand-700">
                      <Icon className="size-6" aria-hidden />
                    </span>
                    <h3 className="text-lg font-semibold text-ink">{title}</h3>
                    <CardDescription className="leading-relaxed">{description}</CardDescription>
                  </CardHeader>
                  <CardFooter className="mt-auto">
                    <ButtonLink to={`/ai-literacy/${slug}`} variant="secondary" className="w-full">
                      <Sparkles aria-hidden />
                      Coming Fall 2025
                      <span className="sr-only">: {title}</span>
                    </ButtonLink>
                  </CardFooter>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="newsletter-heading" className="px-4 py-14 sm:px-6">
        <Card className="mx-auto max-w-3xl">
          <div className="flex flex-col gap-5 p-6 sm:p-8">
            <div>
              <h2 id="newsletter-heading" className="font-serif text-2xl font-semibold tracking-tight text-ink">
                Get the AI Literacy Newsletter
              </h2>
              <p className="mt-2 text-slate-600">
                New articles, classroom-tested ideas and webinar dates, when there is something worth your time.
                Unsubscribe by replying to any issue.
              </p>
            </div>
            <SignupForm list="newsletter" source="resource-center" />
            <p className="text-sm text-slate-600">
              Prefer webinars and community news?{' '}
              <Link to="/ai-literacy/community" className="font-medium text-brand-600 underline underline-offset-4">
                Visit the AI Literacy Community
              </Link>
            </p>
          </div>
        </Card>
      </section>
    </div>
  );
}
