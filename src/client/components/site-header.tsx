import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { useSession } from '@/client/lib/session';
import { Button, ButtonLink } from '@/client/ui/button';
import { Skeleton } from '@/client/ui/feedback';
import { Logo } from './logo';

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/ai-literacy', label: 'AI Literacy' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/features', label: 'Features' },
  { to: '/about', label: 'About' },
];

// Only signed-in visitors need the profile query; keeping it out of the first download keeps the
// public pages inside their JavaScript budget.
const SignedInActions = lazy(() => import('./signed-in-actions'));

function SignedInFallback() {
  return <span className="px-2 text-sm text-slate-700">Welcome, ...</span>;
}

export function SiteHeader() {
  const { user, loading } = useSession();
  const [isMenuOpen, setMenuOpen] = useState(false);

  // Only the account area waits for the session check; the logo and the links show at once (and are
  // in the prerendered HTML).
  const account = loading ? (
    <AccountSkeleton />
  ) : user ? (
    <Suspense fallback={<SignedInFallback />}>
      <SignedInActions />
    </Suspense>
  ) : (
    <SignedOutActions />
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink',
                  isActive && 'text-brand-700',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">{account}</div>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <X /> : <Menu />}
        </Button>
      </div>
      {isMenuOpen ? (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 py-3 lg:hidden">
          <nav aria-label="Mobile" className="flex flex-col" onClick={() => setMenuOpen(false)}>
            {NAV_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className="rounded-md px-3 py-2.5 font-medium hover:bg-slate-100">
                {link.label}
              </Link>
            ))}
          </nav>
          <div
            className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3"
            onClick={() => setMenuOpen(false)}
          >
            {account}
          </div>
        </div>
      ) : null}
    </header>
  );
}

function SignedOutActions() {
  return (
    <>
      <ButtonLink to="/auth" variant="ghost">
        Login
      </ButtonLink>
      <ButtonLink to="/auth" variant="primary">
        Get Started
      </ButtonLink>
    </>
  );
}

/** The Sign in / Dashboard buttons' place while the session is checked. */
function AccountSkeleton() {
  return (
    <div className="flex items-center gap-2" aria-busy="true" data-testid="account-skeleton">
      <Skeleton className="h-9 w-32" />
    </div>
  );
}
