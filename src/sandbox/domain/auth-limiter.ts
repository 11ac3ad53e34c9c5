/**
 * Brute-force protection: failed authentications counted in a sliding window, per client id (wrong key for a known
 * client) and per address (unknown, missing or malformed credentials). At the bound, every further request for
 * that client id (or, for the address, every request that does not authenticate) is refused with 429 until the
 * oldest failure leaves the window, without checking the key.
 *
 * Trade-off: anyone who knows a client id can lock that client out for a window by sending wrong keys. The window
 * is short (60 s by default) and the legitimate caller recovers by itself; the alternative, unlimited guessing,
 * is worse. Counting per address as well would not stop a distributed guesser, so the client id is the key.
 */
export interface LimiterConfig {
  /** Failures allowed in the window; the next one and all after it are refused. */
  bound: number;
  windowMs: number;
}

export class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly config: LimiterConfig) {}

  /** Seconds until `key` may try again, or 0 when it is not locked out. */
  retryAfterSeconds(key: string, nowMs: number): number {
    const recent = this.recent(key, nowMs);
    if (recent.length < this.config.bound) return 0;
    const oldest = recent[recent.length - this.config.bound] as number;
    return Math.max(1, Math.ceil((oldest + this.config.windowMs - nowMs) / 1000));
  }

  record(key: string, nowMs: number): void {
    const recent = this.recent(key, nowMs);
    recent.push(nowMs);
    // Only the newest `bound` failures matter for the window.
    if (recent.length > this.config.bound) recent.splice(0, recent.length - this.config.bound);
    this.failures.set(key, recent);
    if (this.failures.size > 100_000) this.sweep(nowMs);
  }

  private recent(key: string, nowMs: number): number[] {
    const all = this.failures.get(key);
    if (!all) return [];
    const fresh = all.filter((at) => at > nowMs - this.config.windowMs);
    if (fresh.length === 0) this.failures.delete(key);
    else if (fresh.length !== all.length) this.failures.set(key, fresh);
    return fresh;
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private sweep(nowMs: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, nowMs);
  }
}
