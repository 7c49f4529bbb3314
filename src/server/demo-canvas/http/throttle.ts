/**
 * Canvas's request throttle: a leaky bucket per access token (`RequestThrottle`). Each request
 * pays an up-front cost on arrival, is refused while the bucket is at or above the high-water mark,
 * and afterwards settles to its real cost; the bucket drains at a fixed rate.
 */
export interface ThrottleSettings {
  maximum: number;
  highWaterMark: number;
  outflowPerSecond: number;
  upFrontCost: number;
  /** Fixed cost per request instead of the measured handler time (lets tests fill the bucket). */
  requestCost?: number;
}

export const CANVAS_THROTTLE_DEFAULTS: ThrottleSettings = {
  maximum: 800,
  highWaterMark: 600,
  outflowPerSecond: 10,
  upFrontCost: 50,
};

interface Bucket {
  count: number;
  touchedAt: number;
}

export class LeakyBuckets {
  private readonly buckets = new Map<string, Bucket>();

  /** Reserves the up-front cost; says whether the request may run and what remains. */
  reserve(key: string, settings: ThrottleSettings, nowMs: number): { allowed: boolean; remaining: number } {
    const bucket = this.leak(key, settings, nowMs);
    bucket.count = clamp(bucket.count + settings.upFrontCost, 0, settings.maximum);
    return { allowed: bucket.count < settings.highWaterMark, remaining: settings.highWaterMark - bucket.count };
  }

  /** Replaces the up-front cost with the request's real cost; returns the remaining capacity. */
  settle(key: string, settings: ThrottleSettings, cost: number, nowMs: number): number {
    const bucket = this.leak(key, settings, nowMs);
    bucket.count = clamp(bucket.count + cost - settings.upFrontCost, 0, settings.maximum);
    return settings.highWaterMark - bucket.count;
  }

  private leak(key: string, settings: ThrottleSettings, nowMs: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { count: 0, touchedAt: nowMs };
      this.buckets.set(key, bucket);
    }
    if (bucket.count > 0) {
      bucket.count = Math.max(0, bucket.count - (settings.outflowPerSecond * (nowMs - bucket.touchedAt)) / 1000);
    }
    bucket.touchedAt = nowMs;
    return bucket;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Ruby prints floats with at least one decimal ("600.0"); keep four places at most. */
export function formatRubyFloat(value: number): string {
  const rounded = Math.round(value * 10000) / 10000;
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}
