import { Link } from 'react-router';

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-serif text-xl font-semibold text-brand-700"
      aria-label="Margin home"
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M9 23V9l7 8 7-8v14"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M6 26h20" stroke="#e8794a" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      Margin
    </Link>
  );
}
