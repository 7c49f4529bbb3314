import { z } from 'zod';
import { EXTRA_PACK, PLANS, type Plan, type PlanName } from '../plans';

/** Plans a teacher can buy: every catalogue plan except the Free Trial (the institutional plan is quoted). */
export const PAID_PLANS: Plan[] = PLANS.filter((plan) => !plan.isTrial);
const paidPlanNames = PAID_PLANS.map((plan) => plan.name) as [PlanName, ...PlanName[]];

export type BillingInterval = 'month' | 'year';

/** What a checkout costs, in cents, from the catalogue; the browser never names a price. */
export function planPriceCents(plan: Plan, interval: BillingInterval): number {
  return Math.round((interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice) * 100);
}

export const EXTRA_PACK_PRICE_CENTS = Math.round(EXTRA_PACK.priceUsd * 100);

/**
 * Where a finished checkout or the billing portal sends the teacher back to: one of a fixed list of
 * pages, or the grading screen and student she left to upgrade ("upgrading brings her back to the
 * same student"). Always a path of this app, checked against a pattern that admits nothing else,
 * so a return address can never point outside it.
 */
export const RETURN_PATHS = ['/pricing', '/settings', '/dashboard'] as const;

/** A grading screen, and the student on it: `/courses/1/assignments/2/grade?student=3`. */
const GRADING_RETURN_PATH =
  /^\/courses\/[1-9]\d{0,11}\/(?:assignments|discussions|quizzes)\/[1-9]\d{0,11}\/grade(?:\?student=[1-9]\d{0,11})?$/;

export type ReturnPath = (typeof RETURN_PATHS)[number] | `/courses/${string}`;

export function isReturnPath(value: unknown): value is ReturnPath {
  return (
    typeof value === 'string' &&
    ((RETURN_PATHS as readonly string[]).includes(value) || GRADING_RETURN_PATH.test(value))
  );
}

export const returnPathSchema = z.custom<ReturnPath>(isReturnPath, {
  error: 'returnTo must be /pricing, /settings, /dashboard or a grading screen of this app',
});

export function toReturnPath(value: string | null | undefined, fallback: ReturnPath = '/settings'): ReturnPath {
  return isReturnPath(value) ? value : fallback;
}

/**
 * The grading screen she is on, as a return path: its address and the student shown (no other
 * query); null when the address is not a grading screen.
 */
export function gradingReturnPath(pathname: string, search: string): ReturnPath | null {
  const student = new URLSearchParams(search).get('student');
  const path = student ? `${pathname}?student=${student}` : pathname;
  if (isReturnPath(path) && path.startsWith('/courses/')) return path;
  return isReturnPath(pathname) && pathname.startsWith('/courses/') ? pathname : null;
}

/**
 * Where a checkout returns: `?purchase=success|cancelled` (spec part 1 §4), plus the plan's name
 * after a plan purchase so the toast can say which plan is now active; a grading screen keeps its
 * student.
 */
export function purchaseReturnPath(
  returnPath: ReturnPath,
  outcome: 'success' | 'cancelled',
  planName?: string | null,
): string {
  const [path, search] = returnPath.split('?');
  const query = new URLSearchParams(search);
  query.set('purchase', outcome);
  if (outcome === 'success' && planName) query.set('plan', planName);
  return `${path}?${query}`;
}

export const paidPlanNameSchema = z.enum(paidPlanNames, {
  error: 'Unknown plan: choose the Lite, Core, Full-Time or Super Plan',
});

/** create-checkout (spec part 1 §7). Prices come from the catalogue, not from the request. */
export const createCheckoutRequestSchema = z.strictObject({
  planName: paidPlanNameSchema,
  isYearly: z.boolean({ error: 'isYearly must be true or false' }),
  returnTo: returnPathSchema.optional(),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;

/** What changing to a plan would do, shown before the checkout opens. */
export const planChangeQuerySchema = z.strictObject({
  planName: paidPlanNameSchema,
  isYearly: z
    .enum(['true', 'false'], { error: 'isYearly must be true or false' })
    .transform((value) => value === 'true'),
});
export const planChangePreviewSchema = z.object({
  /** The running plan the new one replaces; null on the Free Trial. */
  replaces: z.object({ plan_name: z.string(), billing_interval: z.enum(['month', 'year']) }).nullable(),
  /** Charged at checkout: the new plan's price for its first month or year. */
  due_now_cents: z.number().int(),
  /** The unused part of the replaced plan, credited to the next invoice. */
  credit_cents: z.number().int(),
  new_price_cents: z.number().int(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

/** create-submission-purchase and customer-portal take only where to come back to. */
export const returnToRequestSchema = z.strictObject({ returnTo: returnPathSchema.optional() });
export type ReturnToRequest = z.infer<typeof returnToRequestSchema>;

export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

/** check-subscription (spec part 1 §3), read from our database, which the payment events keep current. */
export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.string(),
  billing_interval: z.enum(['month', 'year']).nullable(),
  /** When the paid term ends: the renewal date, or the last day of a cancelled plan. */
  subscription_end: z.string().nullable(),
  /** True when the plan was cancelled and stops at subscription_end (spec part 2 §4, terms). */
  cancel_at_period_end: z.boolean(),
  /** Start of the current usage period (null on the Free Trial, which never resets). */
  billing_cycle_start: z.string().nullable(),
  next_reset_date: z.string().nullable(),
  days_remaining: z.number().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** A local test-mode checkout, as its in-app page shows it. */
export const testCheckoutSchema = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'extra_pack']),
  plan_name: z.string().nullable(),
  billing_interval: z.enum(['month', 'year']).nullable(),
  amount_cents: z.number(),
  submissions: z.number(),
  status: z.enum(['open', 'completed', 'cancelled', 'expired']),
  created_at: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testCheckoutParamsSchema = z.object({ checkoutId: z.uuid({ error: 'Unknown checkout' }) });

export const testCheckoutOutcomeSchema = z.object({ status: z.enum(['completed', 'cancelled']) });

/** The local test-mode portal's plan switch. */
export const changeTestPlanRequestSchema = z.strictObject({
  planName: paidPlanNameSchema,
  isYearly: z.boolean({ error: 'isYearly must be true or false' }),
});
export type ChangeTestPlanRequest = z.infer<typeof changeTestPlanRequestSchema>;
