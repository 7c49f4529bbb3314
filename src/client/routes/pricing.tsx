import { Link, useSearchParams } from 'react-router';
import { Tags } from 'lucide-react';
import { EXTRA_PACK } from '@/shared/plans';
import { toReturnPath } from '@/shared/schemas/billing';
import { usePageMeta } from '@/client/lib/page-meta';
import { usePublicConfig } from '@/client/lib/public-config';
import { useSession } from '@/client/lib/session';
import { PageHero } from '@/client/ui/page-hero';
import { Section } from '@/client/features/marketing/components/section';
import { BillingIntervalToggle } from '@/client/features/billing/components/billing-interval-toggle';
import { InstitutionalPlanCard } from '@/client/features/billing/components/institutional-plan-card';
import { BillingOffNotice } from '@/client/features/billing/components/test-mode-banner';
import { PricingPlans } from '@/client/features/billing/components/pricing-plans';
import { formatUsd } from '@/client/features/billing/format';
import { useSubscription } from '@/client/features/billing/api/get-subscription';
import { usePurchaseReturn } from '@/client/features/billing/use-purchase-return';

export default function PricingRoute() {
  usePageMeta(
    'Pricing',
    'Start with 10 free submissions, no credit card required. Monthly or yearly plans for every teaching load, and custom quotes for institutions.',
  );
  usePurchaseReturn();
  const config = usePublicConfig();
  const { user } = useSession();
  const subscription = useSubscription();
  // A teacher on a yearly plan opens Pricing on the yearly prices, where her plan is the current one.
  const isYearlyByDefault = Boolean(
    user && subscription.data?.subscribed && subscription.data.billing_interval === 'year',
  );
  // The period is URL state: a shared or reloaded link keeps the prices it showed.
  const [searchParams, setSearchParams] = useSearchParams();
  const billing = searchParams.get('billing');
  // Come from a grading screen (its usage notice): a checkout returns to the same student. Checked
  // against the app's own paths; anything else returns to Pricing.
  const returnTo = toReturnPath(searchParams.get('return'), '/pricing');
  const isFromGrading = returnTo.startsWith('/courses/');
  const isYearly = billing === 'yearly' || (billing !== 'monthly' && isYearlyByDefault);
  const setYearly = (yearly: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (yearly === isYearlyByDefault) next.delete('billing');
        else next.set('billing', yearly ? 'yearly' : 'monthly');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageHero
        eyebrow={
          <>
            <Tags aria-hidden />
            Pricing
          </>
        }
        title="Plans for every teaching load"
        description="Start with 10 free submissions, no credit card required. Every plan drafts grades and feedback from your rubric, and nothing reaches a student until you approve it."
      >
        <BillingIntervalToggle isYearly={isYearly} onChange={setYearly} />
      </PageHero>
      <Section className="pt-10 sm:pt-12">
        {isFromGrading ? (
          <p
            className="mx-auto mb-6 max-w-3xl rounded-lg border border-slate-200 bg-white px-4 py-3 text-center text-sm text-slate-700"
            data-testid="pricing-return"
          >
            After checkout, Margin brings you back to the student you were grading.{' '}
            <Link to={returnTo} className="font-medium underline underline-offset-2">
              Back to grading
            </Link>
          </p>
        ) : null}
        <PricingPlans isYearly={isYearly} returnTo={returnTo} />
        <InstitutionalPlanCard />
        <div className="mt-10 grid gap-4 text-sm text-slate-600 md:grid-cols-3">
          <p>
            <span className="font-semibold text-ink">Need a few more?</span> Add {EXTRA_PACK.submissions} submissions
            for {formatUsd(EXTRA_PACK.priceUsd)} from Settings, valid for the current billing period.
          </p>
          <p>
            <span className="font-semibold text-ink">Cancel anytime.</span> Monthly plans end at the end of the billing
            cycle, yearly plans at the end of the term.
          </p>
          <p>
            <span className="font-semibold text-ink">Yearly billing</span> costs ten months’ price for twelve months of
            grading.
          </p>
        </div>
        {config.data?.billingMode === 'test' ? (
          <p className="mx-auto mt-8 max-w-3xl rounded-lg border border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-center text-sm text-amber-950">
            This installation uses test-mode billing: checkout is simulated and no real payment is taken.
          </p>
        ) : config.data?.billingMode === 'off' ? (
          <BillingOffNotice className="mx-auto mt-8 max-w-3xl" />
        ) : null}
      </Section>
    </>
  );
}
