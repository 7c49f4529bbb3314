import { AppError } from '@/server/core/app-error';
import { WebhookSignatureError } from '@/server/adapters/billing';
import { applyBillingEvent } from './apply-billing-event';
import type { BillingDeps } from './billing-deps';

/**
 * POST /api/billing/webhook: Stripe's events. The signature is checked against the raw body before
 * anything is read; a bad or missing one is a 400 and changes nothing. A failure while applying is
 * a 5xx, so Stripe delivers the event again; one already applied is acknowledged and skipped.
 */
export async function receiveWebhook(
  deps: BillingDeps,
  rawBody: unknown,
  signatureHeader: string | string[] | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const { provider } = deps;
  if (!provider?.readWebhook) throw new AppError('NOT_FOUND', 'Webhooks are not used in test-mode billing.');
  if (!Buffer.isBuffer(rawBody) || rawBody.length === 0)
    throw new AppError('VALIDATION', 'The webhook body is missing.');
  const signature = Array.isArray(signatureHeader) ? signatureHeader[0] : signatureHeader;
  let event;
  try {
    event = await provider.readWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      deps.log.warn({ reason: error.message }, 'refused a Stripe webhook delivery');
      throw new AppError('VALIDATION', 'Invalid webhook signature.', { cause: error });
    }
    throw new AppError('BILLING_FAILED', 'Could not read the billing event.', { cause: error });
  }
  const applied = await applyBillingEvent(deps, event);
  deps.log.info(
    { eventId: event.id, type: event.type, isNew: applied.isNew, result: applied.outcome.result },
    'billing event',
  );
  return { received: true, duplicate: !applied.isNew };
}
