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
            {eyebrow ? (
              <p className="mb-3 text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
            ) : null}
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
