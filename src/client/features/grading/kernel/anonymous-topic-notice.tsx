import { ExternalLink, EyeOff } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';

/**
 * In place of the grade form on a discussion or quiz graded anonymously (decision 067): the screen
 * names nobody, and says why grading happens in Canvas.
 */
export function AnonymousTopicNotice({ kind, canvasUrl }: { kind: 'discussion' | 'quiz'; canvasUrl: string | null }) {
  const work = kind === 'discussion' ? 'posts' : 'answers';
  return (
    <Card data-testid="anonymous-grading">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <EyeOff className="size-4" aria-hidden />
          Graded anonymously
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm text-slate-700">
        <p>
          Canvas hides who is who until grades are posted, so Margin numbers the students and shows no names.
          {kind === 'discussion' ? ' Names in posts are replaced with [classmate].' : ''}
        </p>
        <p>
          Canvas does not say which anonymous submission holds which {work}, so Margin does not draft or save grades
          here. Grade this {kind} in Canvas (SpeedGrader). Nothing is charged.
        </p>
        {canvasUrl ? (
          <a
            href={canvasUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <ExternalLink className="size-4" aria-hidden />
            Open in Canvas
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}
