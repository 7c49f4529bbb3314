import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

const spacings = {
  /** Marketing pages: a tall opening band. */
  roomy: 'pt-14 pb-14 sm:pt-20 sm:pb-16',
  /** AI-literacy pages: the content starts sooner. */
  compact: 'pt-12 pb-12 sm:pt-16 sm:pb-14',
} as const;

/** The opening band of a public page, with an optional pill above the title: the page's only h1. */
export function PageHero({
  eyebrow,
  title,
  description,
  children,
  spacing = 'roomy',
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  spacing?: keyof typeof spacings;
}) {
  return (
    <section
      className={cn(
        'relative overflow-hidden border-b border-slate-200/70 bg-gradient-to-b from-brand-50 via-paper to-paper px-4 sm:px-6',
        spacings[spacing],
      )}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 right-[-10%] size-80 rounded-full bg-accent-500/10 blur-3xl"
      />
      <div className="relative mx-auto max-w-3xl text-center">
        {eyebrow ? (
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm [&_svg]:size-4">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance text-ink sm:text-5xl">{title}</h1>
        {description ? (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-700">{description}</p>
        ) : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}
