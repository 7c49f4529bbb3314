import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { NotFoundState, type MissingThing } from './not-found-state';
import { usePageMeta } from '@/client/lib/page-meta';
import { useSession } from '@/client/lib/session';
import { FullPageLoading } from '@/client/ui/feedback';

/** Protected screens: Loading while the session is checked, then /auth (replacing history). */
export function RequireSignedIn() {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <FullPageLoading />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** /auth for a signed-in teacher goes straight to the dashboard. */
export function RedirectIfSignedIn() {
  const { user, loading } = useSession();
  if (loading) return <FullPageLoading />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Route parameters that name a Canvas object, in the order the not-found page blames them. */
const CANVAS_ID_PARAMS = [
  ['courseId', 'course'],
  ['assignmentId', 'assignment'],
  ['discussionId', 'discussion'],
  ['quizId', 'quiz'],
] as const;

/** Canvas ids are positive whole numbers; anything else can never name a course or an item in one. */
export function malformedCanvasParam(params: Readonly<Record<string, string | undefined>>): MissingThing | null {
  for (const [key, thing] of CANVAS_ID_PARAMS) {
    const value = params[key];
    if (value !== undefined && !/^[1-9]\d{0,15}$/.test(value)) return thing;
  }
  return null;
}

/** A malformed id shows the not-found page at once: no request, no validator text. */
export function RequireWellFormedIds() {
  const missing = malformedCanvasParam(useParams());
  return missing ? <MalformedIdPage thing={missing} /> : <Outlet />;
}

function MalformedIdPage({ thing }: { thing: MissingThing }) {
  usePageMeta('Not found');
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <NotFoundState thing={thing} />
    </div>
  );
}
