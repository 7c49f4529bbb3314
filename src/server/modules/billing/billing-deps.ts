import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@/server/app-context';
import type { Database } from '@/server/db/connection';
import type { BillingProvider } from '@/server/adapters/billing';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import { createBillingStore, type BillingStore } from './billing-store';

/** What billing's use cases need; built once per app from the context and the chosen provider. */
export type BillingDeps = {
  db: Database;
  store: BillingStore;
  usageStore: UsageStore;
  provider: BillingProvider;
  audit: AuditWriter;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: where Stripe sends the teacher back to. */
  publicUrl: string;
};

export function createBillingDeps(context: AppContext, provider: BillingProvider): BillingDeps {
  return {
    db: context.db,
    store: createBillingStore(context.db),
    usageStore: context.usage,
    provider,
    audit: context.audit,
    log: context.log,
    publicUrl: context.config.publicUrl,
  };
}
