import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { billingCheckouts, billingEvents, submissionPurchases, subscribers, users } from '@/server/db/schema';

export type SubscriberRow = typeof subscribers.$inferSelect;
export type CheckoutRow = typeof billingCheckouts.$inferSelect;
type SubscriberChanges = Partial<Omit<typeof subscribers.$inferInsert, 'userId' | 'email' | 'updatedAt'>>;

/** Billing's tables: subscribers (billing is their only writer), checkouts, applied events, purchases. */
export function createBillingStore(db: Database) {
  return {
    async findSubscriber(userId: string): Promise<SubscriberRow | null> {
      const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, userId));
      return row ?? null;
    },

    async findSubscriberBySubscriptionId(subscriptionId: string): Promise<SubscriberRow | null> {
      const [row] = await db.select().from(subscribers).where(eq(subscribers.stripeSubscriptionId, subscriptionId));
      return row ?? null;
    },

    async findUserEmail(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    /** Creates the teacher's row on first use (a Free Trial row until a plan is bought), else updates it. */
    async saveSubscriber(userId: string, email: string, changes: SubscriberChanges): Promise<SubscriberRow> {
      const [row] = await db
        .insert(subscribers)
        .values({ userId, email, ...changes })
        .onConflictDoUpdate({ target: subscribers.userId, set: { ...changes, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },

    async createCheckout(
      values: Omit<typeof billingCheckouts.$inferInsert, 'id' | 'status' | 'createdAt' | 'completedAt'>,
    ) {
      const [row] = await db.insert(billingCheckouts).values(values).returning();
      return row!;
    },

    async setCheckoutSession(checkoutId: string, sessionId: string | null): Promise<void> {
      await db
        .update(billingCheckouts)
        .set({ providerSessionId: sessionId })
        .where(eq(billingCheckouts.id, checkoutId));
    },

    async findCheckout(checkoutId: string): Promise<CheckoutRow | null> {
      const [row] = await db.select().from(billingCheckouts).where(eq(billingCheckouts.id, checkoutId));
      return row ?? null;
    },

    /**
     * Moves an open checkout to its outcome, once: a second completion (a replayed event, the
     * webhook and the return page racing) finds it no longer open and gets null.
     */
    async closeCheckout(
      checkoutId: string,
      status: 'completed' | 'cancelled' | 'expired',
      at: Date,
    ): Promise<CheckoutRow | null> {
      const [row] = await db
        .update(billingCheckouts)
        .set({ status, completedAt: status === 'completed' ? at : null })
        .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.status, 'open')))
        .returning();
      return row ?? null;
    },

    /** Records an event as applied; false when it already was (the caller then changes nothing). */
    async recordEvent(event: { id: string; type: string; provider: 'stripe' | 'local' }): Promise<boolean> {
      const rows = await db
        .insert(billingEvents)
        .values({ id: event.id, type: event.type, provider: event.provider })
        .onConflictDoNothing({ target: billingEvents.id })
        .returning({ id: billingEvents.id });
      return rows.length > 0;
    },

    async addPurchase(values: {
      userId: string;
      billingPeriod: string;
      submissions: number;
      amountCents: number;
      paymentReference: string;
    }) {
      const rows = await db
        .insert(submissionPurchases)
        .values(values)
        .onConflictDoNothing({ target: submissionPurchases.paymentReference })
        .returning({ id: submissionPurchases.id });
      return rows.length > 0;
    },
  };
}

export type BillingStore = ReturnType<typeof createBillingStore>;
