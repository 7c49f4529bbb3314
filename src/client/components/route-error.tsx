import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a route fails to load (a lost network mid-navigation, a new deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be loaded.';
  return (
    <div className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-slate-600">{message} Reloading usually fixes it.</p>
      <div className="flex gap-3">
        <button className="rounded-lg bg-brand-700 px-4 py-2 text-white" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="rounded-lg border border-slate-300 px-4 py-2">
          Go home
        </Link>
      </div>
    </div>
  );
}
