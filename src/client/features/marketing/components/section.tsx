import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/** A full-width band of a marketing page with a centred heading block. */
export function Section({
  id,
  eyebrow,
  title,
  description,
  children,
  className,
  tone = 'plain',
}: {
  id?: string;
  eyebrow?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  tone?: 'plain' | 'white' | 'tint';
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn(
        'px-4 py-16 sm:px-6 sm:py-20',
        tone === 'white' && 'bg-white',
        tone === 'tint' && 'bg-brand-50/60',
        className,
      )}
    >
      <div className="mx-auto max-w-6xl">
        {title ? (
          <div className="mx-auto mb-10 max-w-2xl text-center sm:mb-12">
            {eyebrow ? <p className="mb-3 text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p> : null}
            <h2 id={headingId} className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
              {title}
            </h2>
            {description ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{description}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** The opening band of a marketing page: the page's only h1. */
export function PageHero({
  eyebrow,
  title,
  description,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200/70 bg-gradient-to-b from-brand-50 via-paper to-paper px-4 pt-14 pb-14 sm:px-6 sm:pt-20 sm:pb-16">
      <div aria-hidden className="pointer-events-none absolute -top-24 right-[-10%] size-80 rounded-full bg-accent-500/10 blur-3xl" />
      <div className="relative mx-auto max-w-3xl text-center">
        {eyebrow ? (
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm [&_svg]:size-4">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance text-ink sm:text-5xl">{title}</h1>
        {description ? <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-700">{description}</p> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}
