import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '@/client/ui/button';
import { usePageMeta } from '@/client/lib/page-meta';

export default function NotFound() {
  const location = useLocation();
  usePageMeta('Page not found');
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="font-serif text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Return to Home</ButtonLink>
    </div>
  );
}
