import { ArrowRight, BookOpen, CalendarDays, Mail, MessagesSquare, Video } from 'lucide-react';
import { ButtonLink } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge } from '@/client/ui/feedback';
import { PageHero } from '@/client/ui/page-hero';
import { WEBINAR } from '../content/community';
import { SignupForm } from './signup-form';

/** The AI literacy community page (spec §2.6): newsletter, upcoming webinar, the pedagogy hub. */
export function CommunityPage() {
  return (
    <div>
      <PageHero
        spacing="compact"
        eyebrow={
          <>
            <MessagesSquare aria-hidden />
            AI Literacy Community
          </>
        }
        title="Stay Connected with AI Literacy Community"
        description="Join teachers who are working out how to teach well in a world with AI: new articles, practical sessions and ideas you can use on Monday."
      />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-3">
        <Card className="flex flex-col">
          <CardHeader>
            <span className="mb-2 w-fit rounded-lg bg-brand-50 p-2 text-brand-700">
              <Mail className="size-6" aria-hidden />
            </span>
            <CardTitle>AI Literacy Newsletter</CardTitle>
            <CardDescription className="leading-relaxed">
              New articles from the Pedagogy Hub, classroom-tested ideas and webinar dates. Only when there is something
              worth reading.
            </CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <SignupForm list="newsletter" source="community" layout="stack" />
          </CardContent>
        </Card>

        <Card className="flex flex-col">
          <CardHeader>
            <span className="mb-2 w-fit rounded-lg bg-accent-500/10 p-2 text-accent-600">
              <Video className="size-6" aria-hidden />
            </span>
            <CardTitle>Upcoming Webinars</CardTitle>
            <CardDescription>Free live sessions for teachers, with time for your questions.</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto flex flex-col gap-4">
            <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
              <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Next session</p>
              <h3 className="mt-1 font-semibold text-ink">{WEBINAR.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{WEBINAR.description}</p>
              <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
                <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden />
                <Badge tone="warning">Date to be announced</Badge>
              </p>
              <p className="mt-2 text-xs text-slate-600">
                Registered teachers receive the date and the joining link by e-mail.
              </p>
            </div>
            <SignupForm list="webinar" source="community" layout="stack" label="Your email for the webinar" />
          </CardContent>
        </Card>

        <Card className="flex flex-col">
          <CardHeader>
            <span className="mb-2 w-fit rounded-lg bg-emerald-50 p-2 text-emerald-700">
              <BookOpen className="size-6" aria-hidden />
            </span>
            <CardTitle>AI Pedagogy Hub</CardTitle>
            <CardDescription className="leading-relaxed">
              Six articles on cognitive load, the DIVER framework, assessment, prompting, digital citizenship and
              responsible AI-assisted grading, each with its sources.
            </CardDescription>
          </CardHeader>
          <CardFooter className="mt-auto">
            <ButtonLink to="/ai-pedagogy" variant="primary" className="w-full">
              Visit the Pedagogy Hub
              <ArrowRight aria-hidden />
            </ButtonLink>
          </CardFooter>
        </Card>
      </div>
    </div>
  );
}
