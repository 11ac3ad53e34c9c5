import { intFromEnv } from '../node/env';

/** Every window and limit of the sandbox, from the environment, so that tests can use short ones. */
export interface SandboxConfig {
  /** Where the store lives; `:memory:` for a throw-away one. */
  dbFile: string;
  /** How long a transfer stays in a state before the clock moves it one happy-path step; 0 stops the clock. */
  settleMs: number;
  /** How long an idempotency key is remembered. */
  idempotencyTtlMs: number;
  /** Failed authentications allowed per client id (or address) in the window before 429. */
  authFailureLimit: number;
  authFailureWindowMs: number;
  /** Requests a second per organization before 429 (a token bucket); 0 turns the limit off. */
  rateLimitPerSecond: number;
  /** How long verification stays locked after five wrong codes (15 minutes; tests shorten it). */
  verificationLockMs?: number;
  /** How long a subscriber has to answer an event before the attempt counts as failed. */
  eventTimeoutMs: number;
  /** The wait before an event's first retry; each later retry doubles it (up to an hour). */
  eventRetryBaseMs: number;
  /** How long events sent (and their deliveries) are kept in the outbox; a week unless EVENT_KEEP_MS says. */
  eventKeepMs?: number;
}

export const DEFAULT_EVENT_TIMEOUT_MS = 10_000;
export const DEFAULT_EVENT_RETRY_BASE_MS = 1000;
export const DEFAULT_EVENT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const DEFAULT_VERIFICATION_LOCK_MS = 15 * 60 * 1000;

export const DEFAULT_AUTH_FAILURE_LIMIT = 20;
export const DEFAULT_AUTH_FAILURE_WINDOW_MS = 60_000;
/** Generous: the bench's load stays well under it. Tests set a small one. */
export const DEFAULT_RATE_LIMIT_PER_SECOND = 100_000;

export function sandboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    dbFile: env.SANDBOX_DB?.trim() || '.data/sandbox.db',
    settleMs: intFromEnv(env, 'SANDBOX_SETTLE_MS', 30_000),
    idempotencyTtlMs: intFromEnv(env, 'IDEMPOTENCY_TTL_MS', 24 * 60 * 60 * 1000),
    authFailureLimit: intFromEnv(env, 'AUTH_FAILURE_LIMIT', DEFAULT_AUTH_FAILURE_LIMIT),
    authFailureWindowMs: intFromEnv(env, 'AUTH_FAILURE_WINDOW_MS', DEFAULT_AUTH_FAILURE_WINDOW_MS),
    rateLimitPerSecond: intFromEnv(env, 'RATE_LIMIT_PER_SECOND', DEFAULT_RATE_LIMIT_PER_SECOND),
    verificationLockMs: intFromEnv(env, 'VERIFICATION_LOCK_MS', DEFAULT_VERIFICATION_LOCK_MS),
    eventTimeoutMs: intFromEnv(env, 'EVENT_TIMEOUT_MS', DEFAULT_EVENT_TIMEOUT_MS),
    eventRetryBaseMs: intFromEnv(env, 'EVENT_RETRY_BASE_MS', DEFAULT_EVENT_RETRY_BASE_MS),
    eventKeepMs: intFromEnv(env, 'EVENT_KEEP_MS', DEFAULT_EVENT_KEEP_MS),
  };
}
