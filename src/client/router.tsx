import { matchRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './components/app-layout';
import { RedirectIfSignedIn, RequireSignedIn, RequireWellFormedIds } from './components/route-guards';
import { RouteError } from './components/route-error';

type RouteModule = { default: React.ComponentType };

/** Every screen is its own chunk: a visitor on the home page downloads none of the grading code. */
function page(load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: null,
    children: [
      { index: true, ...page(() => import('./routes/home')) },
      { path: 'features', ...page(() => import('./routes/features')) },
      { path: 'about', ...page(() => import('./routes/about')) },
      { path: 'ai-literacy', ...page(() => import('./routes/ai-literacy')) },
      { path: 'ai-literacy/community', ...page(() => import('./routes/ai-literacy-community')) },
      { path: 'ai-literacy/:category', ...page(() => import('./routes/ai-literacy-category')) },
      {
        path: 'ai-pedagogy',
        ...page(() => import('./routes/ai-pedagogy')),
        handle: {
          beforeRender: (url: URL) =>
            import('./features/literacy/articles/article-index').then((module) => module.preloadArticleOf(url)),
        } satisfies RouteHandle,
      },
      {
        element: <RedirectIfSignedIn />,
        children: [{ path: 'auth', ...page(() => import('./routes/auth')) }],
      },
      {
        // Screens that read data share one lazily loaded query cache.
        ...page(() => import('./components/query-scope')),
        children: [
          { path: 'pricing', ...page(() => import('./routes/pricing')) },
          { path: 'contact', ...page(() => import('./routes/contact')) },
          { path: 'institutional-inquiry', ...page(() => import('./routes/institutional-inquiry')) },
          { path: 'privacy', ...page(() => import('./routes/privacy')) },
          { path: 'how-margin-uses-ai', ...page(() => import('./routes/how-margin-uses-ai')) },
          { path: 'terms', ...page(() => import('./routes/terms')) },
          { path: 'ai-assignment-integration', ...page(() => import('./routes/ai-assignment-integration')) },
          { path: 'lti/link', ...page(() => import('./routes/lti-link')) },
          {
            element: <RequireSignedIn />,
            children: [
              { path: 'dashboard', ...page(() => import('./routes/dashboard')) },
              { path: 'canvas-setup', ...page(() => import('./routes/canvas-setup')) },
              { path: 'canvas-setup/callback', ...page(() => import('./routes/canvas-setup-callback')) },
              { path: 'settings', ...page(() => import('./routes/settings')) },
              { path: 'institution', ...page(() => import('./routes/institution')) },
              { path: 'join', ...page(() => import('./routes/join')) },
              { path: 'courses', ...page(() => import('./routes/courses')) },
              {
                element: <RequireWellFormedIds />,
                children: [
                  { path: 'courses/:courseId', ...page(() => import('./routes/course-detail')) },
                  {
                    path: 'courses/:courseId/assignments/:assignmentId/grade',
                    ...page(() => import('./routes/grade-assignment')),
                  },
                  {
                    path: 'courses/:courseId/discussions/:discussionId/grade',
                    ...page(() => import('./routes/grade-discussion')),
                  },
                  { path: 'courses/:courseId/quizzes/:quizId/grade', ...page(() => import('./routes/grade-quiz')) },
                ],
              },
              { path: 'assignments', ...page(() => import('./routes/needs-grading')) },
              { path: 'billing/checkout/:checkoutId', ...page(() => import('./routes/billing-checkout')) },
              { path: 'billing/portal', ...page(() => import('./routes/billing-portal')) },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

/** A route's own work before its first render from HTML that already shows it (a prerendered page). */
type RouteHandle = { beforeRender?: (url: URL) => Promise<void> };

/**
 * Loads the code and data the screens at `url` need, so that React's first render matches HTML
 * prerendered for that address: the browser hydrates it (main.tsx), the build writes it
 * (entry-server.tsx). Resolved `lazy` routes are replaced by their components in place.
 */
export async function prepareRoutes(url: URL): Promise<void> {
  const matches = matchRoutes(routes, url.pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.beforeRender?.(url)));
}
