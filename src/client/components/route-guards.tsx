import { Navigate, Outlet, useLocation } from 'react-router';
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
