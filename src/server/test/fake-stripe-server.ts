import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server that plays the part of Stripe's API for tests: the real `stripe` SDK talks
 * to it over HTTP, exactly as it would to api.stripe.com. It answers the few endpoints Margin calls
 * and records every request so tests can check what was sent.
 */
export type RecordedStripeRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
};

export type FakeStripe = {
  stripe: Stripe;
  port: number;
  requests: RecordedStripeRequest[];
  /** Subscriptions GET /v1/subscriptions/:id answers with; tests put them here. */
  subscriptions: Map<string, Record<string, unknown>>;
  /**
   * Customers' balances in cents (Stripe's sign: negative is a credit the customer holds), which
   * invoice previews apply as Stripe does; absent means 0.
   */
  customerBalances: Map<string, number>;
  /** Makes the next calls of a path answer 500 (a Stripe outage). */
  failPath(pathPrefix: string | null): void;
  requestsTo(path: string): RecordedStripeRequest[];
  close(): Promise<void>;
};

export async function startFakeStripe(secretKey = 'sk_test_margin'): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const customersByKey = new Map<string, string>();
  const customerBalances = new Map<string, number>();
  let failingPath: string | null = null;

  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      // The SDK sends parameters of GET and DELETE requests in the query string, others in the body.
      const params = Object.fromEntries(new URLSearchParams(body || url.search));
      const idempotencyKey = headerValue(request.headers['idempotency-key']);
      requests.push({ method: request.method ?? 'GET', path: url.pathname, params, idempotencyKey });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (failingPath && url.pathname.startsWith(failingPath)) {
        return send(response, 500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
      }
      return route(request.method ?? 'GET', url.pathname, params, idempotencyKey, response);
    });
  });

  function route(
    method: string,
    path: string,
    params: Record<string, string>,
    idempotencyKey: string | undefined,
    response: ServerResponse,
  ) {
    if (method === 'POST' && path === '/v1/customers') {
      const known = idempotencyKey ? customersByKey.get(idempotencyKey) : undefined;
      const id = known ?? stripeId('cus');
      if (idempotencyKey) customersByKey.set(idempotencyKey, id);
      return send(response, 200, { id, object: 'customer', email: params.email ?? null, metadata: {} });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = stripeId('cs_test');
      return send(response, 200, {
        id,
        object: 'checkout.session',
        mode: params.mode,
        customer: params.customer ?? null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        metadata: {},
      });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = stripeId('bps');
      return send(response, 200, {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') return previewInvoice(params, response);
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription)
        return send(response, 404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (method === 'DELETE') {
        const cancelled = { ...subscription, status: 'canceled', ended_at: Math.floor(Date.now() / 1000) };
        subscriptions.set(subscriptionMatch[1]!, cancelled);
        return send(response, 200, cancelled);
      }
      return send(response, 200, subscription);
    }
    return send(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
    });
  }

  /**
   * POST /v1/invoices/create_preview, for the two previews Margin asks for: cancelling a
   * subscription now (`subscription` + `subscription_details[cancel_now]`), whose proration credits
   * the unused time of the current period, to the second; and creating a subscription
   * (`subscription_details[items][0][price_data]`), whose first invoice charges one interval.
   * The customer's balance is applied as Stripe applies it; amount_due is never below 0.
   */
  function previewInvoice(params: Record<string, string>, response: ServerResponse) {
    const customer = params.customer;
    if (!customer)
      return send(response, 400, {
        error: { type: 'invalid_request_error', message: 'Missing required param: customer.' },
      });
    const now = Math.floor(Date.now() / 1000);
    const lines: Record<string, unknown>[] = [];
    if (params.subscription) {
      const subscription = subscriptions.get(params.subscription) as StripeSubscriptionShape | undefined;
      if (!subscription) {
        return send(response, 404, {
          error: { type: 'invalid_request_error', message: `No such subscription: '${params.subscription}'` },
        });
      }
      if (params['subscription_details[cancel_now]'] !== 'true') {
        return send(response, 400, {
          error: {
            type: 'invalid_request_error',
            message: 'This fake previews only cancel_now for an existing subscription.',
          },
        });
      }
      const item = subscription.items.data[0]!;
      const prorate = (params['subscription_details[proration_behavior]'] ?? 'create_prorations') !== 'none';
      const unused = Math.max(0, item.current_period_end - now) / (item.current_period_end - item.current_period_start);
      if (prorate && unused > 0) {
        lines.push(
          invoiceLine(
            -Math.round(item.price.unit_amount * unused),
            'Unused time on Margin plan',
            true,
            now,
            item.current_period_end,
          ),
        );
      }
    } else {
      const unitAmount = Number(params['subscription_details[items][0][price_data][unit_amount]']);
      const interval = params['subscription_details[items][0][price_data][recurring][interval]'];
      if (!Number.isInteger(unitAmount) || (interval !== 'month' && interval !== 'year')) {
        return send(response, 400, {
          error: { type: 'invalid_request_error', message: 'Missing subscription_details[items] to preview.' },
        });
      }
      const end = new Date(now * 1000);
      if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
      else end.setUTCMonth(end.getUTCMonth() + 1);
      lines.push(invoiceLine(unitAmount, '1 × Margin plan', false, now, Math.floor(end.getTime() / 1000)));
    }
    const total = lines.reduce((sum, line) => sum + (line.amount as number), 0);
    const startingBalance = customerBalances.get(customer) ?? 0;
    return send(response, 200, {
      id: `upcoming_in_${stripeId('x')}`,
      object: 'invoice',
      customer,
      subscription: params.subscription ?? null,
      currency: 'usd',
      subtotal: total,
      total,
      starting_balance: startingBalance,
      ending_balance: Math.min(0, startingBalance + total),
      amount_due: Math.max(0, total + startingBalance),
      lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/upcoming/lines' },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stripe = new Stripe(secretKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return {
    stripe,
    port,
    requests,
    subscriptions,
    customerBalances,
    failPath(pathPrefix) {
      failingPath = pathPrefix;
    },
    requestsTo(path) {
      return requests.filter((request) => request.path === path);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The parts of a subscription object the invoice preview reads. */
type StripeSubscriptionShape = {
  items: { data: { current_period_start: number; current_period_end: number; price: { unit_amount: number } }[] };
};

function invoiceLine(amount: number, description: string, proration: boolean, start: number, end: number) {
  return {
    id: stripeId('il_tmp'),
    object: 'line_item',
    amount,
    currency: 'usd',
    description,
    period: { start, end },
    parent: { type: 'subscription_item_details', subscription_item_details: { proration }, invoice_item_details: null },
  };
}

/** A Stripe subscription object as the API version the SDK pins returns it (periods on the item). */
export function stripeSubscription(options: {
  id: string;
  customer: string;
  userId: string;
  unitAmount: number;
  interval: 'month' | 'year';
  periodStart: Date;
  periodEnd: Date;
  status?: string;
  cancelAt?: Date | null;
  planName?: string;
}): Record<string, unknown> {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status ?? 'active',
    billing_cycle_anchor: seconds(options.periodStart),
    cancel_at: options.cancelAt ? seconds(options.cancelAt) : null,
    cancel_at_period_end: false,
    metadata: { userId: options.userId, planName: options.planName ?? 'Core Plan', interval: options.interval },
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          current_period_start: seconds(options.periodStart),
          current_period_end: seconds(options.periodEnd),
          price: {
            id: stripeId('price'),
            object: 'price',
            product: 'prod_margin_plan',
            unit_amount: options.unitAmount,
            recurring: { interval: options.interval },
          },
        },
      ],
    },
  };
}

/** A webhook event body, and its Stripe-Signature header made with the webhook secret. */
export function signedStripeEvent(
  stripe: Stripe,
  secret: string,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: Date } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? stripeId('evt'),
    object: 'event',
    type,
    created: Math.floor((options.created ?? new Date()).getTime() / 1000),
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: { object },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
  response.end(JSON.stringify(body));
}
