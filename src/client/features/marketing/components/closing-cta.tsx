import { Link } from 'react-router';
import { cn } from '@/client/lib/cn';

/** The marketing navigation targets of spec part 1 §2. */
const MARKETING_ACTIONS = {
  trial: { to: '/canvas-setup', label: 'Start Free Trial' },
  literacy: { to: '/ai-literacy', label: 'Explore AI Literacy' },
  pricing: { to: '/pricing', label: 'View Pricing' },
  features: { to: '/features', label: 'Explore Features' },
} as const;

const ctaButton =
  'inline-flex h-12 items-center justify-center rounded-lg px-6 text-base font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-white';

export type MarketingAction = keyof typeof MARKETING_ACTIONS;

/**
 * The dark band that closes a marketing page. The first action is the primary one; a page leaves
 * out the action that would link to itself.
 */
export function ClosingCallToAction({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions: MarketingAction[];
}) {
  const [primary, ...others] = actions;
  return (
    <section aria-labelledby="closing-cta-heading" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-brand-700 px-6 py-12 text-center shadow-lg sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="pointer-events-none absolute -right-16 -bottom-20 size-72 rounded-full bg-accent-500/15 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -top-20 -left-16 size-64 rounded-full bg-brand-500/40 blur-3xl"
        />
        <div className="relative">
          <h2
            id="closing-cta-heading"
            className="font-serif text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{description}</p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            {primary ? (
              <Link
                to={MARKETING_ACTIONS[primary].to}
                className={cn(ctaButton, 'bg-white text-brand-700 shadow-sm hover:bg-brand-50')}
              >
                {MARKETING_ACTIONS[primary].label}
              </Link>
            ) : null}
            {others.map((action) => (
              <Link
                key={action}
                to={MARKETING_ACTIONS[action].to}
                className={cn(ctaButton, 'text-white ring-1 ring-white/50 hover:bg-white/10')}
              >
                {MARKETING_ACTIONS[action].label}
              </Link>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
