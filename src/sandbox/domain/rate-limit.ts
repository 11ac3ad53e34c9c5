/**
 * A per-organization rate limit, as a token bucket: `perSecond` requests a second, with a burst of as many. Refused
 * requests take no token; the answer says how long to wait (429 with Retry-After, as Stripe's limiter does).
 */
export class RateLimit {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();

  constructor(private readonly perSecond: number) {}

  /** 0 when the request may go ahead (and takes its token); else the whole seconds to wait. */
  take(key: string, nowMs: number): number {
    if (this.perSecond <= 0) return 0;
    const bucket = this.buckets.get(key) ?? { tokens: this.perSecond, atMs: nowMs };
    bucket.tokens = Math.min(this.perSecond, bucket.tokens + ((nowMs - bucket.atMs) / 1000) * this.perSecond);
    bucket.atMs = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }
}
