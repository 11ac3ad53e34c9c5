import { answers, missingMigrations } from '../db/repositories/team/health';
import type { Team } from '../team';

/** One check of readiness: passed, or why not, in words that say nothing about the data. */
type Check = { ok: true } | { ok: false; why: string };

export interface Readiness {
  /** The console database answers and holds every migration this server knows. */
  database(): Promise<Check>;
  /** The audit trail verified when this server started (and has not broken under it since). */
  auditTrail(): Check;
  /** The payout service answered its last probe (the embedded sandbox always does). */
  upstream(): Check;
}

const DATABASE_TIMEOUT_MS = 1_000;

function withTimeout<T>(work: Promise<T>, ms: number, why: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(why)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Readiness from the team's database and trail, and an upstream probe (null in sandbox mode). */
export function teamReadiness(team: Team, upstream: UpstreamProbe | null): Readiness {
  return {
    async database() {
      try {
        const db = team.database.db;
        await withTimeout(answers(db), DATABASE_TIMEOUT_MS, 'no answer');
        const missing = await withTimeout(missingMigrations(db), DATABASE_TIMEOUT_MS, 'no answer');
        if (missing.length > 0) return { ok: false, why: `${missing.length} migration(s) not applied` };
        return { ok: true };
      } catch {
        return { ok: false, why: 'the console database does not answer' };
      }
    },
    auditTrail() {
      if (!team.trail) return { ok: false, why: 'the audit trail has not been checked yet' };
      if (!team.trail.ok || team.auditWitness.broken)
        return { ok: false, why: 'the audit trail does not verify' };
      return { ok: true };
    },
    upstream() {
      return upstream ? upstream.last() : { ok: true };
    },
  };
}

/**
 * Whether the payout service is reachable, probed in the background (every `everyMs`) so that /readyz answers at
 * once: any HTTP answer to a HEAD of its base URL counts (no credentials are sent, so no failed authentication is
 * counted against the console's address).
 */
export class UpstreamProbe {
  private state: Check = { ok: false, why: 'the payout service has not been probed yet' };
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: URL,
    private readonly timeoutMs = 2_000,
  ) {}

  last(): Check {
    return this.state;
  }

  async probe(): Promise<Check> {
    try {
      await fetch(this.url, {
        method: 'HEAD',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      this.state = { ok: true };
    } catch {
      this.state = { ok: false, why: 'the payout service does not answer' };
    }
    return this.state;
  }

  start(everyMs: number): () => void {
    void this.probe();
    this.timer = setInterval(() => void this.probe(), everyMs);
    this.timer.unref();
    return () => {
      if (this.timer) clearInterval(this.timer);
    };
  }
}
