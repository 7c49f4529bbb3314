import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';
import type { BillingProvider } from '@/server/adapters/billing';
import { AppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import type { BillingStore } from './billing-store';

/** What billing's use cases need; built once, in the composition root, with the chosen provider. */
export type BillingDeps = {
  db: Database;
  store: BillingStore;
  usageStore: UsageStore;
  /** null when billing is not configured (no Stripe, test mode off): see `requireProvider`. */
  provider: BillingProvider | null;
  audit: AuditWriter;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: where Stripe sends the teacher back to. */
  publicUrl: string;
};

export const BILLING_NOT_CONFIGURED_MESSAGE =
  'Billing is not configured on this installation, so plans and extra submissions cannot be bought here. Please contact whoever runs Margin for your school.';

/** The provider, or the clear refusal a teacher sees when this installation takes no payments. */
export function requireProvider(deps: BillingDeps): BillingProvider {
  if (!deps.provider) throw new AppError('BILLING_NOT_CONFIGURED', BILLING_NOT_CONFIGURED_MESSAGE);
  return deps.provider;
}
