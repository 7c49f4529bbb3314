import { Link } from 'react-router';
import { Logo } from './logo';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/ai-literacy', label: 'AI Literacy' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/contact', label: 'Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/how-margin-uses-ai', label: 'How Margin Uses AI' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="text-sm text-slate-600">AI-drafted grades and feedback. You approve every one.</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold text-ink">{column.title}</h2>
            {column.links.map((link) => (
              <Link key={link.label} to={link.to} className="text-sm text-slate-600 hover:text-brand-700">
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-600 sm:px-6" data-testid="independence-statement">
          Margin is an independent product. It is not affiliated with, endorsed by or sponsored by Instructure, Inc.
          Canvas is a trademark of Instructure, Inc. © {new Date().getFullYear()} Margin.
        </p>
      </div>
    </footer>
  );
}
