import type { Profile } from './lighthouse';

/**
 * How much the bench measures. The whole plan is what bench/REPORT.md holds (each size may be overridden by its
 * variable, as before); the smoke plan takes every measurement once at small sizes, so that a change which breaks a
 * measurement fails `npm test` the day it lands. Smoke figures are never judged against a budget.
 */
export interface BenchPlan {
  smoke: boolean;
  /** Each round of load, in seconds, and how many rounds run in turns (the median round is kept). */
  seconds: number;
  rounds: number;
  browserRuns: number;
  batchRuns: number;
  batchRows: number;
  payoutRows: number;
  approvalRuns: number;
  approvalFileRows: number;
  signIns: number;
  /** Sign-ins through the local identity provider. */
  ssoSignIns: number;
  /** Rounds of a member's payments with metrics and logs on, and off (each `seconds` long). */
  opsRounds: number;
  /**
   * Pairs of new console servers (metrics and logs on, off) the rounds run on, each pair `opsRounds` times. What
   * differs most between two rounds is the two processes (a process runs up to a tenth faster or slower than another
   * for its life): one round's pair, on against off, ranged from 14% faster to 13% slower in one run. The median of
   * sixteen pairs moved between 5% and 7% from one run to the next; thirty-six (twelve pairs of servers, three rounds
   * each) put its standard error near one point, for about four minutes more.
   */
  opsInstances: number;
  onboardingRuns: number;
  bills: { count: number; listRuns: number; uploadRuns: number; payRun: number };
  memberDay: { laterFrom: number; sample: number; inFlight: number };
  /** `warmUpSeconds` of each request on each store first, not counted. */
  growth: { sizes: number[]; seconds: number; warmUpSeconds: number };
  ledger: { sizes: number[]; csvLines: number; runs: number };
  load: { connections: number; seconds: number; settleMs: number };
  lighthouseRuns: number;
  /** Lighthouse with short pauses and quiet windows (lighthouse.ts, QUICK_FLAGS): scores no budget may judge. */
  lighthouseQuick: boolean;
  /** The profiles of the sign-in and Create payment pages' audits (the hosted flow page's is always mobile). */
  lighthouseProfiles: Profile[];
  /**
   * The service's events (events.ts): `runs` changes watched by `tabs` browser tabs and `streams` more open pages'
   * streams; `perSecond` events received for `seconds`.
   */
  events: { runs: number; tabs: number; streams: number; perSecond: number; seconds: number };
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export function wholePlan(): BenchPlan {
  const small = process.env.BENCH_GROWTH === 'small';
  const sizes = small ? [1_000, 10_000] : [1_000, 100_000, 1_000_000];
  const listed = (name: string) => process.env[name]?.split(',').map(Number);
  return {
    smoke: false,
    seconds: env('BENCH_SECONDS', 4),
    rounds: 3,
    browserRuns: env('BENCH_BROWSER_RUNS', 20),
    batchRuns: env('BENCH_BATCH_RUNS', 3),
    batchRows: 1000,
    payoutRows: 1000,
    approvalRuns: env('BENCH_APPROVAL_RUNS', 30),
    approvalFileRows: 1000,
    signIns: 40,
    ssoSignIns: 40,
    opsRounds: 3,
    opsInstances: 12,
    onboardingRuns: 40,
    bills: { count: env('BENCH_BILLS', 10_000), listRuns: 100, uploadRuns: 20, payRun: 100 },
    memberDay: { laterFrom: env('BENCH_MEMBER_DAY', 50_000), sample: 2_000, inFlight: 16 },
    growth: { sizes: listed('BENCH_GROWTH_SIZES') ?? sizes, seconds: 5, warmUpSeconds: 1 },
    ledger: { sizes: listed('BENCH_LEDGER_SIZES') ?? sizes, csvLines: small ? 10_000 : 100_000, runs: 300 },
    load: {
      connections: env('BENCH_CONNECTIONS', 200),
      seconds: env('BENCH_LOAD_SECONDS', 30),
      settleMs: 10_000,
    },
    lighthouseRuns: env('LIGHTHOUSE_RUNS', 3),
    lighthouseQuick: false,
    lighthouseProfiles: ['desktop', 'mobile'],
    // 50 open pages: five real tabs (more would measure the browser on two cores) and 45 more pages' streams.
    events: { runs: env('BENCH_EVENT_RUNS', 20), tabs: 5, streams: 45, perSecond: 1000, seconds: 10 },
  };
}

export function smokePlan(): BenchPlan {
  return {
    smoke: true,
    seconds: 1,
    rounds: 1,
    browserRuns: 1,
    batchRuns: 1,
    batchRows: 20,
    payoutRows: 20,
    approvalRuns: 2,
    approvalFileRows: 10,
    signIns: 3,
    ssoSignIns: 3,
    opsRounds: 1,
    opsInstances: 1,
    onboardingRuns: 3,
    // The "ready to pay" tab's first page is full (25) only with 250 bills, a tenth approved.
    bills: { count: 260, listRuns: 3, uploadRuns: 2, payRun: 3 },
    memberDay: { laterFrom: 100, sample: 20, inFlight: 4 },
    growth: { sizes: [500, 1_000], seconds: 1, warmUpSeconds: 0 },
    ledger: { sizes: [1_000], csvLines: 1_000, runs: 10 },
    load: { connections: 20, seconds: 1, settleMs: 200 },
    lighthouseRuns: 1,
    lighthouseQuick: true,
    // The mobile profile's code runs in the hosted flow page's audit (onboarding): once is enough for a smoke.
    lighthouseProfiles: ['desktop'],
    events: { runs: 1, tabs: 1, streams: 4, perSecond: 100, seconds: 1 },
  };
}

/** `npm run bench -- --smoke`, or BENCH_SMOKE=1. */
export function planFromArguments(argv: readonly string[]): BenchPlan {
  const smoke = argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
  return smoke ? smokePlan() : wholePlan();
}
