import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/client/lib/toast';
import { purchaseReturnPath, type ReturnPath, type TestCheckout } from '@/shared/schemas/billing';
import { ApiError } from '@/client/lib/api-client';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/client/ui/card';
import { ErrorState, Skeleton } from '@/client/ui/feedback';
import { cancelTestCheckout, completeTestCheckout, testCheckoutQuery, useTestCheckout } from '../api/test-mode';
import { formatCents, perInterval } from '../format';
import { TestModeBanner } from './test-mode-banner';

/**
 * The local test mode's checkout page: what Stripe Checkout would show, without a card form.
 * Completing or cancelling returns to the page the purchase started from with ?purchase=…
 */
export function TestCheckoutView({ checkoutId, returnTo }: { checkoutId: string; returnTo: ReturnPath }) {
  const checkout = useTestCheckout(checkoutId);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <TestModeBanner />
      {checkout.isPending ? (
        <Card>
          <CardContent className="flex flex-col gap-3 pt-5">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-10 w-full" />
          </CardContent>
        </Card>
      ) : checkout.isError ? (
        <CheckoutError error={checkout.error} returnTo={returnTo} onRetry={() => void checkout.refetch()} />
      ) : (
        <CheckoutSummary checkout={checkout.data} returnTo={returnTo} />
      )}
    </div>
  );
}

/** A checkout that does not exist cannot be retried; a failed load (network, server) can. */
function CheckoutError({ error, returnTo, onRetry }: { error: Error; returnTo: ReturnPath; onRetry: () => void }) {
  const isNotFound = error instanceof ApiError && error.status === 404;
  return (
    <ErrorState
      title={isNotFound ? 'Checkout not found' : 'The checkout could not be loaded'}
      message={isNotFound ? 'This checkout does not exist.' : error.message}
      onRetry={isNotFound ? undefined : onRetry}
    >
      <div>
        <ButtonLink to={returnTo} variant="outline" size="sm">
          Back to Margin
        </ButtonLink>
      </div>
    </ErrorState>
  );
}

function CheckoutSummary({ checkout, returnTo }: { checkout: TestCheckout; returnTo: ReturnPath }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<'complete' | 'cancel' | null>(null);
  const isPlan = checkout.kind === 'subscription';
  const interval = checkout.billing_interval ?? 'month';
  const title = isPlan ? `Margin ${checkout.plan_name}` : `${checkout.submissions} extra submissions`;
  const detail = isPlan
    ? `${checkout.submissions.toLocaleString('en-US')} graded submissions per month, billed ${interval === 'year' ? 'yearly' : 'monthly'}.`
    : 'Added to your current billing period, valid until it ends.';

  async function finish(outcome: 'complete' | 'cancel') {
    setPending(outcome);
    try {
      if (outcome === 'complete') await completeTestCheckout(checkout.id);
      else await cancelTestCheckout(checkout.id);
      await navigate(
        purchaseReturnPath(returnTo, outcome === 'complete' ? 'success' : 'cancelled', checkout.plan_name),
        { replace: true },
      );
    } catch (error) {
      setPending(null);
      toast.error('Error', {
        description:
          error instanceof ApiError
            ? error.message
            : outcome === 'complete'
              ? 'Failed to create checkout session'
              : 'Please try again.',
      });
      await queryClient.invalidateQueries({ queryKey: testCheckoutQuery(checkout.id).queryKey });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl">Checkout</CardTitle>
        <CardDescription>Review your order and complete the test purchase.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
          <div>
            <p className="font-semibold text-ink" data-testid="checkout-item">
              {title}
            </p>
            <p className="text-sm text-slate-600">{detail}</p>
          </div>
          <p className="shrink-0 text-right font-semibold text-ink">
            {formatCents(checkout.amount_cents)}
            {isPlan ? <span className="text-sm font-normal text-slate-600">{perInterval(interval)}</span> : null}
          </p>
        </div>
        <div className="flex items-center justify-between border-t border-slate-200 pt-4 font-semibold">
          <span>Due today</span>
          <span data-testid="checkout-total">{formatCents(checkout.amount_cents)}</span>
        </div>
        {checkout.status !== 'open' ? (
          <p role="status" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
            {checkout.status === 'completed'
              ? 'This checkout was already completed.'
              : checkout.status === 'cancelled'
                ? 'This checkout was cancelled.'
                : 'This checkout has expired.'}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col-reverse items-stretch sm:flex-row sm:justify-end">
        {checkout.status === 'open' ? (
          <>
            <Button
              variant="outline"
              onClick={() => void finish('cancel')}
              isLoading={pending === 'cancel'}
              disabled={pending !== null}
            >
              Cancel
            </Button>
            <Button
              onClick={() => void finish('complete')}
              isLoading={pending === 'complete'}
              disabled={pending !== null}
            >
              Complete test purchase
            </Button>
          </>
        ) : (
          <ButtonLink to={returnTo}>Back to Margin</ButtonLink>
        )}
      </CardFooter>
    </Card>
  );
}
