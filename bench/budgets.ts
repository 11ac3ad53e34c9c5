import { BUDGET_KIB } from '../scripts/asset-bytes.mjs';
import type { ApprovalsResult } from './approvals';
import type { BatchResult } from './batch';
import type { BillsResult } from './bills';
import type { BrowserResult } from './browser';
import type { IntakeResult } from './events-intake';
import type { OpenPagesResult } from './events-pages';
import type { PaymentsBesideEventsResult } from './events-payments';
import type { GrowthResult } from './growth';
import type { LedgerResult } from './ledger';
import type { PageScores } from './lighthouse';
import type { LoadResult } from './load';
import type { MemberPaymentsResult } from './member-payments';
import type { OnboardingResult } from './onboarding';
import type { OpsCostResult } from './ops-cost';
import type { Part } from './parts';
import { messageOf, need } from './parts';
import type { PayoutsResult } from './payouts';
import type { BenchPlan } from './plan';
import type { CaseResult } from './sandbox';
import type { SsoSignInResult } from './sign-in-sso';
import type { TeamResult } from './team';

/** Every part of one run, each measured or failed. */
export interface Measured {
  approvals: Part<ApprovalsResult>;
  team: Part<TeamResult>;
  browser: Part<BrowserResult>;
  batch: Part<BatchResult>;
  payouts: Part<PayoutsResult>;
  onboarding: Part<OnboardingResult>;
  bills: Part<BillsResult>;
  lighthouse: Part<PageScores[]>;
  cases: Part<CaseResult[]>;
  memberPayments: Part<MemberPaymentsResult>;
  growth: Part<GrowthResult[]>;
  ledger: Part<LedgerResult[]>;
  load: Part<LoadResult>;
  sso: Part<SsoSignInResult>;
  opsCost: Part<OpsCostResult>;
  eventPages: Part<OpenPagesResult>;
  eventPayments: Part<PaymentsBesideEventsResult>;
  eventIntake: Part<IntakeResult>;
}

export type Verdict = 'met' | 'not met' | 'not measured';

export interface BudgetLine {
  what: string;
  budget: string;
  figure: string;
  verdict: Verdict;
}

const n = (value: number | undefined) => (value ?? 0).toLocaleString('en-US');

/** A line whose figures come from `measure`; a part it needs that failed makes it "not measured", saying why. */
function line(what: string, budget: string, measure: () => [figure: string, met: boolean]): BudgetLine {
  try {
    const [figure, met] = measure();
    return { what, budget, figure, verdict: met ? 'met' : 'not met' };
  } catch (error) {
    return { what, budget, figure: messageOf(error), verdict: 'not measured' };
  }
}

/** Prism's requests a second, where it ran and answered: a ratio to nothing is no figure. */
function answered(prism: { requestsPerSecond: number } | null | undefined): number {
  if (!prism) throw new Error('Prism did not run (is @stoplight/prism-cli installed?)');
  if (prism.requestsPerSecond <= 0) throw new Error('Prism answered no request in its round');
  return prism.requestsPerSecond;
}

/** Within `share` of the smallest store's figure at the largest (20%: a page costs the same at any size). */
export function withinShare(first: number, last: number, share: number): boolean {
  return last <= first * (1 + share);
}

/** Flat, as the older lines judge it: within twice the smallest store's figure, or within 5 ms of it. */
function roughlyFlat(first: number, last: number): boolean {
  return last <= Math.max(2 * first, first + 5);
}

/** Every budget line of the README, each judged on the figures of this one run. */
export function budgetLines(plan: BenchPlan, m: Measured): BudgetLine[] {
  const sizes = (list: number[]) => `${n(list[0])} → ${n(list.at(-1))}`;
  const lighthouse = (page: string, profile: string) =>
    need(m.lighthouse).find((l) => l.page === page && l.profile === profile);
  const desktop = () => [lighthouse('Sign in', 'desktop'), lighthouse('Create payment', 'desktop')];
  const prismRate = (name: string) => answered(need(m.cases).find((c) => c.name === name)?.prism);
  const timesPrism = (name: string) => {
    const found = need(m.cases).find((c) => c.name === name);
    return (found?.sandbox.requestsPerSecond ?? Number.NaN) / prismRate(name);
  };
  const firstAndLast = <T>(list: T[]) => {
    const first = list[0];
    const last = list.at(-1);
    if (!first || !last) throw new Error('no store size was measured');
    return [first, last] as const;
  };
  return [
    line(
      `the Bills list's first page with ${n(plan.bills.count)} bills, p95 through the console server (all / ready to pay)`,
      '< 100 ms',
      () => {
        const { all, approved } = need(m.bills).listFirstPage;
        return [`${all.p95} / ${approved.p95} ms`, Math.max(all.p95, approved.p95) < 100];
      },
    ),
    line('a one-page invoice PDF made a draft, p95 through the console server', '< 1 s', () => {
      const { upload } = need(m.bills);
      return [`${upload.p95} ms (median ${upload.p50})`, upload.p95 < 1000];
    }),
    line(
      `${n(plan.bills.payRun)} approved bills paid as one run (eight at a time, the run's route)`,
      '< 10 s',
      () => {
        const { payRun } = need(m.bills);
        return [
          `${payRun.seconds} s (${payRun.paid} paid, ${payRun.refused} refused)`,
          payRun.seconds < 10 && payRun.refused === 0,
        ];
      },
    ),
    line("a hosted flow page's first load: JavaScript, gzip (its CSS and HTML)", '< 50 KiB JS', () => {
      const { flowPage } = need(m.onboarding);
      return [
        `${flowPage.jsKiB} KiB, ${flowPage.scripts} scripts (${flowPage.cssKiB} KiB CSS, ${flowPage.htmlKiB} KiB HTML)`,
        flowPage.jsKiB < 50,
      ];
    }),
    line('Lighthouse mobile, the hosted flow page: performance (accessibility)', '≥ 90', () => {
      const { scores } = need(m.onboarding).lighthouse;
      return [`${scores.performance} (${scores.accessibility})`, (scores.performance ?? 0) >= 90];
    }),
    line(
      'a user created; its onboarding link made, p95 through the console server (a support member)',
      '< 100 ms',
      () => {
        const { createUser, makeLink } = need(m.onboarding);
        return [`${createUser.p95} ms; ${makeLink.p95} ms`, Math.max(createUser.p95, makeLink.p95) < 100];
      },
    ),
    line(
      'first load of the sign-in page, gzip',
      `≤ ${BUDGET_KIB.js} KiB JS, ≤ ${BUDGET_KIB.css} KiB CSS`,
      () => {
        const { signIn } = need(m.browser).bytes;
        return [
          `${signIn.js} KiB, ${signIn.css} KiB`,
          signIn.js <= BUDGET_KIB.js && signIn.css <= BUDGET_KIB.css,
        ];
      },
    ),
    line('cold load → usable sign-in form, median', '≤ 500 ms', () => {
      const { median } = need(m.browser).coldLoadToSignInForm;
      return [`${median} ms`, median <= 500];
    }),
    line(
      'Confirm clicked → transfer rendered, p95 (first payment of a session / a later one)',
      '≤ 100 ms',
      () => {
        const b = need(m.browser);
        const [first, later] = [b.confirmToRenderedTransfer.p95, b.confirmToRenderedTransferAgain.p95];
        return [`${first} / ${later} ms`, Math.max(first, later) <= 100];
      },
    ),
    line(
      `a ${n(plan.batchRows)}-row payments file read and checked in the browser, median`,
      '< 500 ms',
      () => {
        const { median } = need(m.batch).rules;
        return [`${median} ms`, median < 500];
      },
    ),
    line(
      `a ${n(plan.payoutRows)}-row payouts file read and checked in the browser, median`,
      '< 100 ms',
      () => {
        const { median } = need(m.payouts).rules;
        return [`${median} ms`, median < 100];
      },
    ),
    line(`the same file, Pay clicked → every row's result, median of ${plan.batchRuns}`, '< 60 s', () => {
      const { median } = need(m.payouts).pay;
      return [`${(median / 1000).toFixed(1)} s`, median < 60_000];
    }),
    line(
      'Send payout: Send clicked → transfer rendered, p95 (first payout of a session / a later one)',
      '≤ 100 ms',
      () => {
        const p = need(m.payouts);
        const [first, later] = [p.sendToTransfer.p95, p.sendToTransferAgain.p95];
        return [`${first} / ${later} ms`, Math.max(first, later) <= 100];
      },
    ),
    line('Lighthouse desktop performance (sign-in, Create payment)', '≥ 95', () => [
      desktop()
        .map((l) => l?.scores.performance)
        .join(', '),
      desktop().every((l) => (l?.scores.performance ?? 0) >= 95),
    ]),
    line('Lighthouse desktop accessibility (sign-in, Create payment)', '100', () => [
      desktop()
        .map((l) => l?.scores.accessibility)
        .join(', '),
      desktop().every((l) => l?.scores.accessibility === 100),
    ]),
    line('a payment with the organization key, × Prism', '≥ 1.3×', () => {
      const times = timesPrism('POST /v2/payments');
      return [`${times.toFixed(1)}×`, times >= 1.3];
    }),
    line("a member's payment (through the team's gate), × Prism, side by side", '≥ 1.3×', () => {
      const { member, prism } = need(m.memberPayments);
      const times = member.requestsPerSecond / answered(prism);
      return [
        `${times.toFixed(2)}× (${member.requestsPerSecond} against ${prism?.requestsPerSecond} a second)`,
        times >= 1.3,
      ];
    }),
    line(
      `a member's payments a second after their ${n(plan.memberDay.laterFrom)}th of the day, against a day's first, in turns`,
      'within 10%',
      () => {
        const { inTurns } = need(m.memberPayments).day;
        const kept = inTurns.later / inTurns.fresh;
        return [
          `${inTurns.later} against ${inTurns.fresh} a second (${Math.round(kept * 100)}%)`,
          kept >= 0.9,
        ];
      },
    ),
    line("a member's read of one transfer (through the team's gate), × Prism", '≥ 3×', () => {
      const times = need(m.team).reads.member.requestsPerSecond / prismRate('GET /v2/transfers/{id}');
      return [`${times.toFixed(1)}×`, times >= 3];
    }),
    line(
      `the transfers list's first and deep page (100), p99, ${sizes(plan.growth.sizes)} transfers`,
      'within 20% of the smallest',
      () => {
        const growth = need(m.growth);
        const [first, last] = firstAndLast(growth);
        return [
          `first page ${growth.map((g) => g.firstPage.p99).join(' / ')} ms; deep page ${growth.map((g) => g.deepPage.p99).join(' / ')} ms`,
          withinShare(first.firstPage.p99, last.firstPage.p99, 0.2) &&
            withinShare(first.deepPage.p99, last.deepPage.p99, 0.2),
        ];
      },
    ),
    line(`a transfer read by id, p99, ${sizes(plan.growth.sizes)} transfers`, 'flat', () => {
      const growth = need(m.growth);
      const [first, last] = firstAndLast(growth);
      return [`${growth.map((g) => g.read.p99).join(' / ')} ms`, roughlyFlat(first.read.p99, last.read.p99)];
    }),
    line(`search 1 user among ${sizes(plan.growth.sizes)} users, p99`, 'flat', () => {
      const growth = need(m.growth);
      const [first, last] = firstAndLast(growth);
      return [
        `${growth.map((g) => g.search.p99).join(' / ')} ms`,
        roughlyFlat(first.search.p99, last.search.p99),
      ];
    }),
    line(
      `the ledger's first page at ${n(plan.ledger.sizes.at(-1))} lines, p95 (all, one wallet, a type on a day)`,
      '< 100 ms',
      () => {
        const [, last] = firstAndLast(need(m.ledger));
        const p95s = [last.firstPage.p95, last.walletPage.p95, last.typeDayPage.p95];
        return [`${p95s.join(' / ')} ms`, Math.max(...p95s) < 100];
      },
    ),
    line(`the ledger's first page p99, ${sizes(plan.ledger.sizes)} lines`, 'flat', () => {
      const ledger = need(m.ledger);
      const [first, last] = firstAndLast(ledger);
      return [
        `${ledger.map((l) => l.firstPage.p99).join(' / ')} ms`,
        last.firstPage.p99 <= 2 * Math.max(first.firstPage.p99, 10),
      ];
    }),
    line(`the ledger's CSV, ${n(plan.ledger.csvLines)} lines, pages of 100`, '< 10 s', () => {
      const csv = need(m.ledger).find((l) => l.csv)?.csv;
      if (!csv) throw new Error('no store was large enough for the CSV');
      return [`${csv.seconds} s`, csv.seconds < 10];
    }),
    line(`member sign-in, p95 of ${plan.signIns}`, '< 300 ms', () => {
      const { signIn } = need(m.team);
      return [`${signIn.p95} ms (median ${signIn.p50} ms)`, signIn.p95 < 300];
    }),
    line(
      `sign-in through the identity provider, its redirect → the member's session, p95 of ${plan.ssoSignIns}`,
      '< 300 ms',
      () => {
        const sso = need(m.sso);
        return [`${sso.p95} ms (median ${sso.median} ms)`, sso.p95 < 300];
      },
    ),
    line(
      "metrics and request logs on, a member's payments a second against both off, side by side",
      'within 5%',
      () => {
        const { on, off, cost } = need(m.opsCost);
        return [
          `${on.requestsPerSecond} against ${off.requestsPerSecond} a second (${(cost * 100).toFixed(1)}% less)`,
          cost < 0.05,
        ];
      },
    ),
    line(
      `an event sent → the open page shows it, p95 of ${plan.events.runs} changes on ${plan.events.tabs + plan.events.streams} open pages (${plan.events.tabs} browser tabs, ${plan.events.streams} streams)`,
      '< 1 s',
      () => {
        const { all, tab, stream } = need(m.eventPages);
        return [`${all.p95} ms (tabs ${tab.p95} ms, streams ${stream.p95} ms)`, all.p95 < 1000];
      },
    ),
    line(
      `${n(plan.events.perSecond)} signed events a second for ${plan.events.seconds} s, received and applied by one console server`,
      'every one answered, lag p95 < 1 s',
      () => {
        const intake = need(m.eventIntake);
        // A transfer the settle clock moved after it was listed is answered and rightly not applied (`disagrees`).
        const unanswered = intake.notApplied - (intake.notAppliedBy.disagrees ?? 0);
        return [
          `${n(intake.applied)} of ${n(intake.sent)} applied (${n(unanswered)} unanswered), ${intake.appliedPerSecond} a second; lag p95 ${intake.lag.p95} ms (first second ${intake.lagFirstSecondP95}, last ${intake.lagLastSecondP95}, max ${intake.lag.max})`,
          unanswered === 0 && intake.lag.p95 < 1000,
        ];
      },
    ),
    line(
      "a member's payments a second with the organization's events subscribed (and applied) against off, side by side",
      'within 5%',
      () => {
        const { on, off, ratio } = need(m.eventPayments);
        return [
          `${on.sustained} against ${off} a second (${Math.abs((1 - ratio) * 100).toFixed(1)}% ${ratio <= 1 ? 'less' : 'more'}; ${on.answered} answered, ${on.drainMs} ms to apply the round's last events)`,
          ratio >= 0.95,
        ];
      },
    ),
    line(`the last approval → the transfer made, p95 of ${plan.approvalRuns}`, '< 500 ms', () => {
      const { approveToTransfer } = need(m.approvals);
      return [
        `${approveToTransfer.p95} ms (median ${approveToTransfer.median} ms)`,
        approveToTransfer.p95 < 500,
      ];
    }),
    line(`a ${n(plan.approvalFileRows)}-row approved file, approval → every row paid`, '< 60 s', () => {
      const { file } = need(m.approvals);
      return [`${file.seconds} s (${file.status})`, file.status === 'executed' && file.seconds < 60];
    }),
    line(`${plan.load.connections} connections of mixed load, ${plan.load.seconds} s`, '0 errors', () => {
      const load = need(m.load);
      return [`${load.errors} errors, ${load.non2xx} non-2xx`, load.errors === 0 && load.non2xx === 0];
    }),
  ];
}
