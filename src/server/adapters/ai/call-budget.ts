import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '@/server/db/connection';
import { consumeRateLimit } from '@/server/core/rate-limit';
import type { AiModel } from './port';

/** The installation's counter of model calls (every teacher and feature together). */
export const INSTALLATION_CALLS_KEY = 'ai-calls:installation';
export const INSTALLATION_LIMIT_MESSAGE =
  'Margin has made as many AI requests as it may this hour for everyone on this server. Please try again later.';

const meter = new AsyncLocalStorage<{ calls: number }>();

/**
 * The model with the installation's ceiling on calls per hour (AI_CALLS_PER_HOUR, decision 036):
 * every call counts, across instances, before it is made, and a call over the ceiling is refused
 * with a message a teacher understands (RATE_LIMITED). A call made inside `countModelCalls` is
 * also counted there, so a feature that makes several calls for one request (the calibration of
 * AI_CALIBRATE) can charge them to the teacher.
 */
export function withCallBudget(model: AiModel, db: Database, callsPerHour: number): AiModel {
  const rule = { limit: callsPerHour, windowSeconds: 60 * 60 };
  return {
    name: model.name,
    async generateObject(request) {
      await consumeRateLimit(db, INSTALLATION_CALLS_KEY, rule, INSTALLATION_LIMIT_MESSAGE);
      const counting = meter.getStore();
      if (counting) counting.calls += 1;
      return model.generateObject(request);
    },
  };
}

/** Runs `work` and counts the model calls made in it (through `withCallBudget`), even when it fails. */
export async function countModelCalls<T>(work: () => Promise<T>): Promise<{ value: T; calls: number }> {
  const counting = { calls: 0 };
  const value = await meter.run(counting, work);
  return { value, calls: counting.calls };
}
