import { readFileSync, writeFileSync } from 'node:fs';
import { BUDGET_KIB } from '../scripts/asset-bytes.mjs';
import { VENDOR_OPENAPI } from '../scripts/vendor-contract.mjs';
import { type ApprovalsResult, runApprovals } from './approvals';
import { type BatchResult, runBatchBenchmarks } from './batch';
import { type BillsResult, runBills } from './bills';
import { runBrowserBenchmarks } from './browser';
import { type GrowthResult, runGrowth } from './growth';
import { type LedgerResult, runLedger } from './ledger';
import { startConsoleServer } from './lib';
import { type PageScores, runLighthouse } from './lighthouse';
import { runLoad } from './load';
import { type MemberPaymentsResult, runMemberPayments } from './member-payments';
import { type OnboardingResult, runOnboarding } from './onboarding';
import { type PayoutsResult, runPayoutBenchmarks } from './payouts';
import { runSandboxCases } from './sandbox';
import { runTeamCases, type TeamResult } from './team';

/**
 * `npm run bench`: measures the console and its sandbox on this machine, each figure against the budget an operator
 * feels, and writes bench/REPORT.md. Figures, not assertions: times are never checked by `npm test`.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const small = process.env.BENCH_GROWTH === 'small';

const consoleServer = await startConsoleServer();
let browser: Awaited<ReturnType<typeof runBrowserBenchmarks>>;
let lighthouse: PageScores[];
let batch: BatchResult;
let payouts: PayoutsResult;
let team: TeamResult;
let approvals: ApprovalsResult;
let onboarding: OnboardingResult;
let bills: BillsResult;
try {
  approvals = await runApprovals(consoleServer.url, Number(process.env.BENCH_APPROVAL_RUNS ?? 30));
  console.log('approvals:', JSON.stringify(approvals));
  team = await runTeamCases(consoleServer.url, seconds);
  console.log('team:', JSON.stringify(team));
  browser = await runBrowserBenchmarks(consoleServer.url, Number(process.env.BENCH_BROWSER_RUNS ?? 20));
  console.log('browser:', browser);
  batch = await runBatchBenchmarks(consoleServer.url, Number(process.env.BENCH_BATCH_RUNS ?? 3));
  console.log('batch:', batch);
  payouts = await runPayoutBenchmarks(
    consoleServer.url,
    Number(process.env.BENCH_BROWSER_RUNS ?? 20),
    Number(process.env.BENCH_BATCH_RUNS ?? 3),
  );
  console.log('payouts:', JSON.stringify(payouts));
  onboarding = await runOnboarding(consoleServer.url);
  console.log('onboarding:', JSON.stringify({ ...onboarding, lighthouse: onboarding.lighthouse.scores }));
  bills = await runBills(consoleServer.url, Number(process.env.BENCH_BILLS ?? 10_000));
  console.log('bills:', JSON.stringify(bills));
  lighthouse = await runLighthouse(consoleServer.url);
  console.log('lighthouse:', JSON.stringify(lighthouse.map((l) => [l.page, l.profile, l.scores])));
} finally {
  consoleServer.child.kill('SIGTERM');
}

const cases = await runSandboxCases(VENDOR_OPENAPI, seconds);
const memberPayments: MemberPaymentsResult = await runMemberPayments(VENDOR_OPENAPI, seconds, {
  laterFrom: Number(process.env.BENCH_MEMBER_DAY ?? 50_000),
});
console.log('member payments:', JSON.stringify(memberPayments));
const growth: GrowthResult[] = await runGrowth(small ? [1_000, 10_000] : [1_000, 100_000, 1_000_000]);
console.log('growth:', growth);
const ledger: LedgerResult[] = await runLedger(
  small ? [1_000, 10_000] : [1_000, 100_000, 1_000_000],
  small ? 10_000 : 100_000,
);
const load = await runLoad(
  Number(process.env.BENCH_CONNECTIONS ?? 200),
  Number(process.env.BENCH_LOAD_SECONDS ?? 30),
);
console.log('load:', load);

const verdict = (met: boolean) => (met ? 'met' : '**not met**');
const timesPrism = (name: string) => {
  const found = cases.find((c) => c.name === name);
  return found?.prism ? found.sandbox.requestsPerSecond / found.prism.requestsPerSecond : Number.NaN;
};
const lh = (page: string, profile: string) =>
  lighthouse.find((l) => l.page === page && l.profile === profile);
const desktop = [lh('Sign in', 'desktop'), lh('Create payment', 'desktop')];
/** Flat: the p99 of the largest store within twice that of the smallest, or within 5 ms of it. */
const flat = (pick: (g: GrowthResult) => number) => {
  const first = growth[0];
  const last = growth.at(-1);
  if (!first || !last) return false;
  return pick(last) <= Math.max(2 * pick(first), pick(first) + 5);
};
const payments = timesPrism('POST /v2/payments');
const prismRead =
  cases.find((c) => c.name === 'GET /v2/transfers/{id}')?.prism?.requestsPerSecond ?? Number.NaN;
const memberShare = (c: TeamResult['payments']) => c.member.requestsPerSecond / c.key.requestsPerSecond;
const memberTimesPrism = memberPayments.prism
  ? memberPayments.member.requestsPerSecond / memberPayments.prism.requestsPerSecond
  : Number.NaN;
const day = memberPayments.day;
const dayKept = day.inTurns.later / day.inTurns.fresh;
const targets = [
  [
    `the Bills list's first page with ${bills.bills.toLocaleString('en-US')} bills, p95 through the console server (all / ready to pay)`,
    '< 100 ms',
    `${bills.listFirstPage.all.p95} / ${bills.listFirstPage.approved.p95} ms`,
    Math.max(bills.listFirstPage.all.p95, bills.listFirstPage.approved.p95) < 100,
  ],
  [
    'a one-page invoice PDF made a draft, p95 through the console server',
    '< 1 s',
    `${bills.upload.p95} ms (median ${bills.upload.p50})`,
    bills.upload.p95 < 1000,
  ],
  [
    `${bills.payRun.bills} approved bills paid as one run (eight at a time, the run's route)`,
    '< 10 s',
    `${bills.payRun.seconds} s (${bills.payRun.paid} paid, ${bills.payRun.refused} refused)`,
    bills.payRun.seconds < 10 && bills.payRun.refused === 0,
  ],
  [
    "a hosted flow page's first load: JavaScript, gzip (its CSS and HTML)",
    '< 50 KiB JS',
    `${onboarding.flowPage.jsKiB} KiB, ${onboarding.flowPage.scripts} scripts (${onboarding.flowPage.cssKiB} KiB CSS, ${onboarding.flowPage.htmlKiB} KiB HTML)`,
    onboarding.flowPage.jsKiB < 50,
  ],
  [
    'Lighthouse mobile, the hosted flow page: performance (accessibility)',
    '≥ 90',
    `${onboarding.lighthouse.scores.performance} (${onboarding.lighthouse.scores.accessibility})`,
    (onboarding.lighthouse.scores.performance ?? 0) >= 90,
  ],
  [
    'a user created; its onboarding link made, p95 through the console server (a support member)',
    '< 100 ms',
    `${onboarding.createUser.p95} ms; ${onboarding.makeLink.p95} ms`,
    Math.max(onboarding.createUser.p95, onboarding.makeLink.p95) < 100,
  ],
  [
    'first load of the sign-in page, gzip',
    `≤ ${BUDGET_KIB.js} KiB JS, ≤ ${BUDGET_KIB.css} KiB CSS`,
    `${browser.bytes.signIn.js} KiB, ${browser.bytes.signIn.css} KiB`,
    browser.bytes.signIn.js <= BUDGET_KIB.js && browser.bytes.signIn.css <= BUDGET_KIB.css,
  ],
  [
    'cold load → usable sign-in form, median',
    '≤ 500 ms',
    `${browser.coldLoadToSignInForm.median} ms`,
    browser.coldLoadToSignInForm.median <= 500,
  ],
  [
    'Confirm clicked → transfer rendered, p95 (first payment of a session / a later one)',
    '≤ 100 ms',
    `${browser.confirmToRenderedTransfer.p95} / ${browser.confirmToRenderedTransferAgain.p95} ms`,
    Math.max(browser.confirmToRenderedTransfer.p95, browser.confirmToRenderedTransferAgain.p95) <= 100,
  ],
  [
    `a ${batch.rows.toLocaleString('en-US')}-row payments file read and checked in the browser, median`,
    '< 500 ms',
    `${batch.rules.median} ms`,
    batch.rules.median < 500,
  ],
  [
    `a ${payouts.rows.toLocaleString('en-US')}-row payouts file read and checked in the browser, median`,
    '< 100 ms',
    `${payouts.rules.median} ms`,
    payouts.rules.median < 100,
  ],
  [
    `the same file, Pay clicked → every row's result, median of ${payouts.pay.runs}`,
    '< 60 s',
    `${(payouts.pay.median / 1000).toFixed(1)} s`,
    payouts.pay.median < 60_000,
  ],
  [
    'Send payout: Send clicked → transfer rendered, p95 (first payout of a session / a later one)',
    '≤ 100 ms',
    `${payouts.sendToTransfer.p95} / ${payouts.sendToTransferAgain.p95} ms`,
    Math.max(payouts.sendToTransfer.p95, payouts.sendToTransferAgain.p95) <= 100,
  ],
  [
    'Lighthouse desktop performance (sign-in, Create payment)',
    '≥ 95',
    desktop.map((l) => l?.scores.performance).join(', '),
    desktop.every((l) => (l?.scores.performance ?? 0) >= 95),
  ],
  [
    'Lighthouse desktop accessibility (sign-in, Create payment)',
    '100',
    desktop.map((l) => l?.scores.accessibility).join(', '),
    desktop.every((l) => l?.scores.accessibility === 100),
  ],
  ['a payment with the organization key, × Prism', '≥ 1.3×', `${payments.toFixed(1)}×`, payments >= 1.3],
  [
    "a member's payment (through the team's gate), × Prism, side by side",
    '≥ 1.3×',
    `${memberTimesPrism.toFixed(2)}×`,
    memberTimesPrism >= 1.3,
  ],
  [
    `a member's payments a second after their ${day.laterFrom.toLocaleString('en-US')}th of the day, against a day's first, in turns`,
    'within 10%',
    `${day.inTurns.later} against ${day.inTurns.fresh} a second (${Math.round(dayKept * 100)}%)`,
    dayKept >= 0.9,
  ],
  [
    "a member's read of one transfer (through the team's gate), × Prism",
    '≥ 3×',
    `${(team.reads.member.requestsPerSecond / prismRead).toFixed(1)}×`,
    team.reads.member.requestsPerSecond / prismRead >= 3,
  ],
  [
    `list and read p99, ${growth[0]?.transfers.toLocaleString('en-US')} → ${growth.at(-1)?.transfers.toLocaleString('en-US')} transfers`,
    'flat',
    `first page ${growth.map((g) => g.firstPage.p99).join(' / ')} ms; read ${growth.map((g) => g.read.p99).join(' / ')} ms`,
    flat((g) => g.firstPage.p99) && flat((g) => g.deepPage.p99) && flat((g) => g.read.p99),
  ],
  [
    `search 1 user among ${growth[0]?.transfers.toLocaleString('en-US')} → ${growth.at(-1)?.transfers.toLocaleString('en-US')} users, p99`,
    'flat',
    `${growth.map((g) => g.search.p99).join(' / ')} ms`,
    flat((g) => g.search.p99),
  ],
  [
    `the ledger's first page at ${ledger.at(-1)?.lines.toLocaleString('en-US')} lines, p95 (all, one wallet, a type on a day)`,
    '< 100 ms',
    `${ledger.at(-1)?.firstPage.p95} / ${ledger.at(-1)?.walletPage.p95} / ${ledger.at(-1)?.typeDayPage.p95} ms`,
    Math.max(
      ledger.at(-1)?.firstPage.p95 ?? 999,
      ledger.at(-1)?.walletPage.p95 ?? 999,
      ledger.at(-1)?.typeDayPage.p95 ?? 999,
    ) < 100,
  ],
  [
    `the ledger's first page p99, ${ledger[0]?.lines.toLocaleString('en-US')} → ${ledger.at(-1)?.lines.toLocaleString('en-US')} lines`,
    'flat',
    `${ledger.map((l) => l.firstPage.p99).join(' / ')} ms`,
    (ledger.at(-1)?.firstPage.p99 ?? 999) <= 2 * Math.max(ledger[0]?.firstPage.p99 ?? 0, 10),
  ],
  [
    `the ledger's CSV, ${ledger.find((l) => l.csv)?.csv?.lines.toLocaleString('en-US')} lines, pages of 100`,
    '< 10 s',
    `${ledger.find((l) => l.csv)?.csv?.seconds} s`,
    (ledger.find((l) => l.csv)?.csv?.seconds ?? 999) < 10,
  ],
  [
    `member sign-in, p95 of ${team.signIn.runs}`,
    '< 300 ms',
    `${team.signIn.p95} ms (median ${team.signIn.p50} ms)`,
    team.signIn.p95 < 300,
  ],
  [
    `the last approval → the transfer made, p95 of ${approvals.approveToTransfer.runs}`,
    '< 500 ms',
    `${approvals.approveToTransfer.p95} ms (median ${approvals.approveToTransfer.median} ms)`,
    approvals.approveToTransfer.p95 < 500,
  ],
  [
    `a ${approvals.file.rows.toLocaleString('en-US')}-row approved file, approval → every row paid`,
    '< 60 s',
    `${approvals.file.seconds} s (${approvals.file.status})`,
    approvals.file.status === 'executed' && approvals.file.seconds < 60,
  ],
  [
    `${load.connections} connections of mixed load, ${load.seconds} s`,
    '0 errors',
    `${load.errors} errors, ${load.non2xx} non-2xx`,
    load.errors === 0 && load.non2xx === 0,
  ],
] as const;

const timing = (name: string, d: { runs: number; median: number; p95: number }) =>
  `| ${name} | ${d.runs} | ${d.median} | ${d.p95} |`;
const lighthouseVersion = JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
const rate = (l: { requestsPerSecond: number } | null | undefined) => l?.requestsPerSecond ?? 'n/a';

const report = `# Benchmark report

Measured on ${new Date().toISOString().slice(0, 10)} with Node ${process.version} on this machine (2 cores, shared by
the load generator, the browser and the server). Re-run with \`npm run bench\`. Everything runs against the console
server as \`npm start\` ships it: file stores, the team's audit trail on, the settle clock running. Times on a shared virtual
machine vary by about a quarter from run to run; sizes do not.

## Budgets

| what | budget | this run | |
| --- | --- | --- | --- |
${targets.map(([what, budget, figure, met]) => `| ${what} | ${budget} | ${figure} | ${verdict(met)} |`).join('\n')}

SIGKILL loses no acknowledged payment: \`src/sandbox/durability.test.ts\`, part of \`npm test\`.

## The console in Chromium

Bytes (gzip -9 of the built files the page asked for): the sign-in page loads ${browser.bytes.signIn.js} KiB of JS and
${browser.bytes.signIn.css} KiB of CSS (\`npm test\` checks the budget); opening Create payment adds
${browser.bytes.createPaymentAdds.js} KiB of JS and ${browser.bytes.createPaymentAdds.css} KiB of CSS.

Times in ms, each run in a new browser context (an empty cache), stamped inside the page (a listener at the action,
a MutationObserver at the result):

| from → to | runs | median | p95 |
| --- | ---: | ---: | ---: |
${timing('cold load → usable sign-in form', browser.coldLoadToSignInForm)}
${timing('Sign in clicked → the overview', browser.signInToShell)}
${timing("Confirm clicked → the transfer with its transactions (the session's first payment)", browser.confirmToRenderedTransfer)}
${timing('the same, a later payment in the session', browser.confirmToRenderedTransferAgain)}
${timing('payer chosen → stored accounts listed', browser.userIdToStoredAccounts)}

Pay from a file: a file of ${batch.rows.toLocaleString('en-US')} payments from ${batch.payers} payers (a third by email, a
third from stored accounts, a third for a customer by bank details), ${batch.check.runs} runs, each a new tenant:

| from → to | runs | median | p95 |
| --- | ---: | ---: | ---: |
${timing('file chosen → every row read and checked by the rules (in the browser)', batch.rules)}
${timing('file chosen → the review (payers, stored accounts and the last 24 hours asked of the service)', batch.check)}
${timing(`Pay clicked → all ${batch.rows.toLocaleString('en-US')} rows answered`, batch.pay)}

That is ${batch.paymentsPerSecond} payments a second, 8 in flight: the browser's cost of a request, not the sandbox's,
sets the pace (the sandbox alone takes a few thousand a second, below).

Pay out from a file: ${payouts.rows.toLocaleString('en-US')} payouts to ${payouts.payees} payees' bank accounts, sent as one payout
batch and followed until every item has its result, ${payouts.check.runs} runs, each a new tenant; Send payout, ${payouts.sendToTransfer.runs} runs:

| from → to | runs | median | p95 |
| --- | ---: | ---: | ---: |
${timing('payouts file chosen → every row read and checked by the rules (in the browser)', payouts.rules)}
${timing('payouts file chosen → the review (payees and their methods, the last 24 hours)', payouts.check)}
${timing(`Pay clicked → all ${payouts.rows.toLocaleString('en-US')} rows' results`, payouts.pay)}
${timing("Send payout clicked → the transfer with its transactions (the session's first payout)", payouts.sendToTransfer)}
${timing('the same, a later payout in the session', payouts.sendToTransferAgain)}

Lighthouse ${lighthouseVersion}; desktop is the budget, each page's median of several runs with an empty HTTP cache
(every run's score in brackets); the mobile profile (emulated phone, slow 4G, 4× CPU) is reported, once:

| page | profile | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${lighthouse.map((l) => `| ${l.page} | ${l.profile} | ${l.scores.performance} (${l.performanceRuns.join(', ')}) | ${l.scores.accessibility} | ${l.scores['best-practices']} | ${l.metrics.fcpMs} | ${l.metrics.lcpMs} | ${l.metrics.tbtMs} | ${l.metrics.cls} |`).join('\n')}

## The sandbox beside Prism (50 connections)

Prism (\`@stoplight/prism-cli\`) mocks the vendor's OpenAPI: stateless, no storage, tenancy or idempotency. Each case
runs in turns with it, three rounds of ${seconds} s each; the median round is shown.

| case | sandbox req/s | p50 / p99 ms | errors, non-2xx | Prism req/s | Prism non-2xx | × Prism |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${cases.map((c) => `| ${c.name} | ${c.sandbox.requestsPerSecond} | ${c.sandbox.p50} / ${c.sandbox.p99} | ${c.sandbox.errors}, ${c.sandbox.non2xx} | ${rate(c.prism)} | ${c.prism?.non2xx ?? 'n/a'} | ${c.prism ? (c.sandbox.requestsPerSecond / c.prism.requestsPerSecond).toFixed(1) : 'n/a'}× |`).join('\n')}

## The team's gate (50 connections)

One tenant's finance member and the organization's own key, on one console server, in turns (three rounds of
${seconds} s each, the median round). A member's request costs a session look-up (one indexed query), the role
check and, for a write, an audit row; the key's goes straight to the sandbox. Sign-in: ${team.signIn.runs} in a row,
p50 ${team.signIn.p50} ms, p95 ${team.signIn.p95} ms (an argon2id verification, a session and an audit row each).

| case | key req/s | member req/s | member p50 / p99 ms | share |
| --- | ---: | ---: | ---: | ---: |
| POST /v2/payments | ${team.payments.key.requestsPerSecond} | ${team.payments.member.requestsPerSecond} | ${team.payments.member.p50} / ${team.payments.member.p99} | ${Math.round(memberShare(team.payments) * 100)}% |
| GET /v2/transfers/{id} | ${team.reads.key.requestsPerSecond} | ${team.reads.member.requestsPerSecond} | ${team.reads.member.p50} / ${team.reads.member.p99} | ${Math.round(memberShare(team.reads) * 100)}% |

## A member's payment beside Prism, and as their day grows

\`POST /v2/payments\` by a finance member through the console server (the session, the role, the payment checked and
stamped, the policy and the member's daily limit counted, the organization's credentials, the audit line) and Prism
serving the vendor's document, 50 connections, in turns, three rounds of ${seconds} s each, the median round:

| | req/s | p50 / p99 ms | errors, non-2xx |
| --- | ---: | ---: | ---: |
| a member, through the gate | ${memberPayments.member.requestsPerSecond} | ${memberPayments.member.p50} / ${memberPayments.member.p99} | ${memberPayments.member.errors}, ${memberPayments.member.non2xx} |
| Prism | ${rate(memberPayments.prism)} | ${memberPayments.prism ? `${memberPayments.prism.p50} / ${memberPayments.prism.p99}` : 'n/a'} | ${memberPayments.prism ? `${memberPayments.prism.errors}, ${memberPayments.prism.non2xx}` : 'n/a'} |

One finance member of a new tenant (a daily limit far above the run) pays one-cent payments, ${day.inFlight} at a time:
the first ${day.sample.toLocaleString('en-US')} at ${day.first} a second, and ${day.sample.toLocaleString('en-US')} after the ${day.laterFrom.toLocaleString('en-US')}th at ${day.later} a second. As this machine's
speed drifts over the minutes between the two, the budget is judged in turns: ${day.sample.toLocaleString('en-US')} more of theirs, then ${day.sample.toLocaleString('en-US')} of
the organization's admin, whose day is empty (the same store, the same trail), three rounds each, the medians: ${day.inTurns.later}
against ${day.inTurns.fresh} a second. The daily limit reads the member's hourly totals (at most 25), not the day's payments.

## Growth: latency by store size (10 connections, 5 s each)

A store of that many transfers and as many users; the search finds one user by an email prefix.

| transfers, users | seeded in s | first page p50 / p99 ms | deep page p50 / p99 ms | read one p50 / p99 ms | search p50 / p99 ms |
| ---: | ---: | ---: | ---: | ---: | ---: |
${growth.map((g) => `| ${g.transfers.toLocaleString('en-US')} | ${g.seedSeconds} | ${g.firstPage.p50} / ${g.firstPage.p99} | ${g.deepPage.p50} / ${g.deepPage.p99} | ${g.read.p50} / ${g.read.p99} | ${g.search.p50} / ${g.search.p99} |`).join('\n')}

## The ledger by store size (one client, one request at a time, 300 requests each)

A store of that many ledger lines of one app's wallet (a transfer each); first pages of 100 of every line, of the
wallet's, and of one type on one day. The CSV is the Ledger page's export run in Node: pages of 100 one after another,
each written as CSV as it comes.

| lines | seeded in s | all p50 / p95 / p99 ms | one wallet p50 / p95 / p99 ms | a type on a day p50 / p95 / p99 ms | CSV |
| ---: | ---: | ---: | ---: | ---: | --- |
${ledger.map((l) => `| ${l.lines.toLocaleString('en-US')} | ${l.seedSeconds} | ${l.firstPage.p50} / ${l.firstPage.p95} / ${l.firstPage.p99} | ${l.walletPage.p50} / ${l.walletPage.p95} / ${l.walletPage.p99} | ${l.typeDayPage.p50} / ${l.typeDayPage.p95} / ${l.typeDayPage.p99} | ${l.csv ? `${l.csv.lines.toLocaleString('en-US')} lines, ${l.csv.seconds} s, ${Math.round(l.csv.bytes / 1024 / 1024)} MiB` : ''} |`).join('\n')}

## Load: ${load.connections} connections for ${load.seconds} s of mixed traffic

The organization, a page of transfers, one transfer, a new payment (a unique idempotency key each) and an address,
in turn.

| requests | requests/s | p50 ms | p99 ms | errors | non-2xx |
| ---: | ---: | ---: | ---: | ---: | ---: |
| ${load.requests} | ${load.requestsPerSecond} | ${load.p50} | ${load.p99} | ${load.errors} | ${load.non2xx} |

Memory of the console server, MiB (the live heap after a full collection):

| moment | resident set | live heap |
| --- | ---: | ---: |
| just started | ${load.rss.cold} | ${load.heapUsed.cold} |
| idle, 10 s after a first round of the same load | ${load.rss.idle} | ${load.heapUsed.idle} |
| peak during the measured round | ${load.rss.peak} | |
| idle, 10 s after the measured round | ${load.rss.after} | ${load.heapUsed.after} |
`;
writeFileSync('bench/REPORT.md', report);
console.log('bench/REPORT.md written');
