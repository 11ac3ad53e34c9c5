import { readFileSync } from 'node:fs';
import { type BudgetLine, budgetLines, type Measured } from './budgets';
import { messageOf, need, type Part } from './parts';
import type { BenchPlan } from './plan';

/** The machine as the run found it: a busy machine's figures are read with its load beside them. */
export interface Machine {
  startedAt: Date;
  endedAt: Date;
  cores: number;
  loadAtStart: number[];
  loadAtEnd: number[];
}

const verdictWords: Record<BudgetLine['verdict'], string> = {
  met: 'met',
  'not met': '**not met**',
  'not measured': '**not measured**',
};

const timing = (name: string, d: { runs: number; median: number; p95: number }) =>
  `| ${name} | ${d.runs} | ${d.median} | ${d.p95} |`;
const rate = (l: { requestsPerSecond: number } | null | undefined) => l?.requestsPerSecond ?? 'n/a';
const n = (value: number) => value.toLocaleString('en-US');
const load = (averages: number[]) => averages.map((a) => a.toFixed(2)).join(' / ');

const notMeasured = (error: unknown) =>
  `Not measured in this run: ${messageOf(error).replace(/^not measured: /, '')}.`;

/** A section's text; where a part it needs failed, a line saying so in its place. */
function section(title: string, body: () => string): string {
  let text: string;
  try {
    text = body();
  } catch (error) {
    text = notMeasured(error);
  }
  return `## ${title}\n\n${text.trim()}\n`;
}

/** The events' three parts (events.ts), each said where it was measured. */
function eventsText(plan: BenchPlan, input: Measured): string {
  const said = (part: () => string) => {
    try {
      return part();
    } catch (error) {
      return notMeasured(error);
    }
  };
  const pages = said(() => {
    const p = need(input.eventPages);
    return `The open page: ${p.runs} payments, each moved to pending and opened in ${p.tabs} browser tab(s) of a finance member
(each its own stream of changes), with ${p.streams} more streams of the same organization open beside them (${p.tabs + p.streams} open pages
in all: as many browser tabs on ${plan.events.tabs === 5 ? 'two cores' : 'this machine'} would measure the browser); then the sandbox settles it (its
helper, without the tenant's key, so that only the service's signed event tells the console) and each tab's DOM and
each stream is timed from that moment by the wall clock: the sandbox's wait to send (its outbox is read every 100 ms
when idle), the console's check, read and record, and the push. Tabs median ${p.tab.median} ms, p95 ${p.tab.p95} ms; streams median
${p.stream.median} ms, p95 ${p.stream.p95} ms; all ${p.all.runs}, p95 ${p.all.p95} ms.`;
  });
  const payments = said(() => {
    const p = need(input.eventPayments);
    return `Payments beside events: two organizations of one console server, one subscribed to its events (each payment's
\`transfer.created\` sent by the sandbox, received, read and applied by the console), the other not; their finance
members pay one-cent payments, ${p.connections} at a time, in turns, ${p.rounds} round(s) of ${p.seconds} s, and after each subscribed
round the wait until its last event is applied counts in its rate: ${p.on.sustained} a second on (${p.on.answered} answered while paying, ${p.on.drainMs} ms
to apply the rest) against ${p.off} off. The server's CPU for a payment: ${p.cpuMsPerPayment.off ?? '?'} ms off, ${p.cpuMsPerPayment.on ?? '?'} ms on with its
event sent, received and applied. For scale, the least an event can cost: one signed delivery alone between two
endpoints of one process (fetch sending as the sandbox does, node:http receiving, the signature checked, no database,
no framework, no read back), ${n(p.floor.deliveries)} of them ${p.floor.inFlight} at a time: ${p.floor.cpuUsPerDelivery} µs of CPU each (${p.floor.perSecond} a second)${
      p.cpuMsPerPayment.off === null
        ? ''
        : `, ${Math.round(p.floor.cpuUsPerDelivery / (p.cpuMsPerPayment.off * 10))}% of a payment's CPU off, where within 5% leaves an event ${Math.round(p.cpuMsPerPayment.off * 50)} µs`
    }; the console's event is that delivery, then a read of its object from the service (the issue's rule: an event is a hint),
which is another such exchange.`;
  });
  const intake = said(() => {
    const i = need(input.eventIntake);
    return `Intake: ${n(i.sent)} events, each a transfer of one tenant's own as the service lists it, signed by Standard Webhooks
before the clock starts, posted open loop at ${n(i.offeredPerSecond)} a second for ${i.seconds} s over 64 kept-alive connections, as a sender's pool (each when
its time comes, whatever the answers before it; one waiting for a connection counts that wait in its lag). An answer is an event verified, stored once, its transfer read from the sandbox, its status
recorded and told to open pages: ${n(i.applied)} applied (${i.notApplied} not: ${JSON.stringify(i.notAppliedBy)}), ${i.appliedPerSecond} a second; the lag from an event's time to its
answer median ${i.lag.median} ms, p95 ${i.lag.p95} ms, max ${i.lag.max} ms (p95 of the first second's ${i.lagFirstSecondP95} ms, of the last's
${i.lagLastSecondP95} ms: a lag that stays bounded), the last answer ${i.drainMs} ms after the last send.`;
  });
  return [pages, payments, intake].join('\n\n');
}

export function reportOf(
  input: Measured & { plan: BenchPlan; machine: Machine; failed: Part<unknown>[] },
): string {
  const { plan, machine } = input;
  const lines = budgetLines(plan, input);
  const lighthouseVersion = JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
  const overridden = Object.entries(process.env)
    .filter(([name]) => /^(BENCH_|LIGHTHOUSE_RUNS$)/.test(name))
    .map(([name, value]) => `\`${name}=${value}\``);
  const minutes = Math.round((machine.endedAt.getTime() - machine.startedAt.getTime()) / 6000) / 10;
  const header = `# Benchmark report${plan.smoke ? ' (smoke: every measurement once, at small sizes; no budget is judged)' : ''}

Measured in one run of \`npm run bench${plan.smoke ? ' -- --smoke' : ''}\`, from ${machine.startedAt.toISOString()} to
${machine.endedAt.toISOString()} (${minutes} min), with Node ${process.version} on this machine: ${machine.cores} cores,
shared by the load generator, the browser and the servers. The load average (1 / 5 / 15 min) was
${load(machine.loadAtStart)} at the start and ${load(machine.loadAtEnd)} at the end: above ${machine.cores} means
other work shared the cores with the run, and every time below is slower by as much. Everything runs against the
console server as \`npm start\` ships it: file stores, the team's audit trail on, the settle clock running.
${overridden.length > 0 ? `Sizes set for this run by the environment: ${overridden.join(', ')}; each line below names its size.\n` : ''}${
  input.failed.length > 0
    ? `\n**${input.failed.length} part(s) failed in this run**, and the run ended non-zero:\n\n${input.failed.map((p) => `- ${p.name}: ${p.state === 'failed' ? p.error : ''}`).join('\n')}\n`
    : ''
}
## Budgets

${plan.smoke ? 'Smoke figures: small sizes on a machine doing other work, so no line is judged.' : `${lines.filter((l) => l.verdict === 'met').length} of ${lines.length} met in this run.`}

| what | budget | this run | |
| --- | --- | --- | --- |
${lines.map((l) => `| ${l.what} | ${l.budget} | ${l.figure} | ${plan.smoke && l.verdict !== 'not measured' ? '' : verdictWords[l.verdict]} |`).join('\n')}

SIGKILL loses no acknowledged payment: \`src/sandbox/durability.test.ts\`, part of \`npm test\`.
`;
  return [
    header,
    section('The console in Chromium', () => consoleInChromium(input, lighthouseVersion)),
    section('Bills', () => {
      const b = need(input.bills);
      return `A fresh tenant gets ${n(b.bills)} bills (with the organization's key, eight at a time: ${b.seedSeconds} s to seed, not
measured), a tenth of them approved; then a finance member, through the console server's gate, its rules and its
audit line: the list's first page (25), p50 / p95 of ${b.listFirstPage.runs}: all ${b.listFirstPage.all.p50} / ${b.listFirstPage.all.p95} ms, ready to pay
${b.listFirstPage.approved.p50} / ${b.listFirstPage.approved.p95} ms; a one-page invoice PDF made a draft, p50 / p95 of ${b.upload.runs}: ${b.upload.p50} / ${b.upload.p95} ms;
${b.payRun.bills} approved bills paid as one run (\`POST .../pay\` eight at a time): ${b.payRun.seconds} s.`;
    }),
    section('Onboarding', () => {
      const o = need(input.onboarding);
      return `A support member creates a user and makes its onboarding link through the console server, ${o.runs} times:
p50 / p95 ${o.createUser.p50} / ${o.createUser.p95} ms and ${o.makeLink.p50} / ${o.makeLink.p95} ms. The hosted flow page loads ${o.flowPage.scripts} scripts
(${o.flowPage.jsKiB} KiB JS, ${o.flowPage.cssKiB} KiB CSS, ${o.flowPage.htmlKiB} KiB HTML, gzip); Lighthouse mobile: performance
${o.lighthouse.scores.performance}, accessibility ${o.lighthouse.scores.accessibility}, best practices ${o.lighthouse.scores['best-practices']}.`;
    }),
    section(`The sandbox beside Prism (50 connections)`, () => {
      const cases = need(input.cases);
      return `Prism (\`@stoplight/prism-cli\`) mocks the vendor's OpenAPI: stateless, no storage, tenancy or idempotency. Each case
runs in turns with it, ${plan.rounds} round(s) of ${plan.seconds} s each; the median round is shown.

| case | sandbox req/s | p50 / p99 ms | errors, non-2xx | Prism req/s | Prism non-2xx | × Prism |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${cases.map((c) => `| ${c.name} | ${c.sandbox.requestsPerSecond} | ${c.sandbox.p50} / ${c.sandbox.p99} | ${c.sandbox.errors}, ${c.sandbox.non2xx} | ${rate(c.prism)} | ${c.prism?.non2xx ?? 'n/a'} | ${c.prism ? (c.sandbox.requestsPerSecond / c.prism.requestsPerSecond).toFixed(1) : 'n/a'}× |`).join('\n')}`;
    }),
    section("The team's gate (50 connections)", () => {
      const team = need(input.team);
      const share = (c: typeof team.payments) =>
        Math.round((c.member.requestsPerSecond / c.key.requestsPerSecond) * 100);
      return `One tenant's finance member and the organization's own key, on one console server, in turns (${plan.rounds} round(s)
of ${plan.seconds} s each, the median round). A member's request costs a session look-up (one indexed query), the role
check and, for a write, an audit row; the key's goes straight to the sandbox. Sign-in: ${team.signIn.runs} in a row,
p50 ${team.signIn.p50} ms, p95 ${team.signIn.p95} ms (an argon2id verification, a session and an audit row each).

| case | key req/s | member req/s | member p50 / p99 ms | share |
| --- | ---: | ---: | ---: | ---: |
| POST /v2/payments | ${team.payments.key.requestsPerSecond} | ${team.payments.member.requestsPerSecond} | ${team.payments.member.p50} / ${team.payments.member.p99} | ${share(team.payments)}% |
| GET /v2/transfers/{id} | ${team.reads.key.requestsPerSecond} | ${team.reads.member.requestsPerSecond} | ${team.reads.member.p50} / ${team.reads.member.p99} | ${share(team.reads)}% |`;
    }),
    section("A member's payment beside Prism, and as their day grows", () => {
      const mp = need(input.memberPayments);
      const day = mp.day;
      return `\`POST /v2/payments\` by a finance member through the console server (the session, the role, the payment checked and
stamped, the policy and the member's daily limit counted, the organization's credentials, the audit line) and Prism
serving the vendor's document, 50 connections, in turns, ${plan.rounds} round(s) of ${plan.seconds} s each, the median round:

| | req/s | p50 / p99 ms | errors, non-2xx |
| --- | ---: | ---: | ---: |
| a member, through the gate | ${mp.member.requestsPerSecond} | ${mp.member.p50} / ${mp.member.p99} | ${mp.member.errors}, ${mp.member.non2xx} |
| Prism | ${rate(mp.prism)} | ${mp.prism ? `${mp.prism.p50} / ${mp.prism.p99}` : 'n/a'} | ${mp.prism ? `${mp.prism.errors}, ${mp.prism.non2xx}` : 'n/a'} |

One finance member of a new tenant (a daily limit far above the run) pays one-cent payments, ${day.inFlight} at a time:
the first ${n(day.sample)} at ${day.first} a second, and ${n(day.sample)} after the ${n(day.laterFrom)}th at ${day.later} a second. As this machine's
speed drifts over the minutes between the two, the budget is judged in turns: ${n(day.sample)} more of theirs, then ${n(day.sample)} of
the organization's admin, whose day is empty (the same store, the same trail), ${plan.rounds} round(s) each, the medians: ${day.inTurns.later}
against ${day.inTurns.fresh} a second. The daily limit reads the member's hourly totals (at most 25), not the day's payments.`;
    }),
    section('Single sign-on, metrics and logs', () => {
      const sso = need(input.sso);
      const ops = need(input.opsCost);
      return `Sign-in through the company's identity provider: oidc-provider on this machine (as \`npm run dev:sso\` runs it),
a new browser each time, timed from the provider's redirect back to the console to the member's session (the
callback: the code exchanged, the ID token checked, the member admitted; then the one-time code handed off for the
member's credentials): ${sso.runs} sign-ins, median ${sso.median} ms, p95 ${sso.p95} ms.

Metrics and logs: a finance member's payments (50 connections) on two console servers, one with Prometheus metrics
on their own listener (scraped every second, ${ops.on.scrapes} scrapes) and a JSON log line per request and per money
event, written to a file as a container runtime's log driver keeps them (${n(ops.logged.request)} request lines and ${n(ops.logged.money)} money lines
for ${n(ops.logged.payments)} payments), one with both off, in turns, ${plan.opsRounds} round(s) of ${plan.seconds} s each, on ${ops.instances} pair(s) of
servers started one pair after the other (one process of this build runs up to a tenth faster or slower than another
for as long as it lives, so one pair alone measured the two processes as much as the feature): ${ops.on.rounds.join(', ')} a second on, ${ops.off.rounds.join(', ')}
off, after a first round on each server that is not counted. Each round's pair, on against off: ${ops.pairs.map((p) => `${(p * 100).toFixed(1)}%`).join(', ')} less with
them on; the median pair ${(ops.cost * 100).toFixed(1)}% (the medians of the rates, ${ops.on.requestsPerSecond} against ${ops.off.requestsPerSecond}). The server's CPU for a
payment: ${ops.on.cpuMsPerPayment ?? '?'} ms on, ${ops.off.cpuMsPerPayment ?? '?'} ms off${ops.cpuCost === null ? '' : ` (${(ops.cpuCost * 100).toFixed(1)}% more with them on)`}.`;
    }),
    section("The service's events", () => eventsText(plan, input)),
    section(`Growth: latency by store size (10 connections, ${plan.growth.seconds} s each)`, () => {
      const growth = need(input.growth);
      return `A store of that many transfers and as many users; the search finds one user by an email prefix. Every store is
served at once and each request timed on each store in turns, ${plan.rounds} round(s), the round of median p99 shown,
after a first second on each that is not counted. The list's query plan at the largest
store, as SQLite's EXPLAIN QUERY PLAN gives it (first page, then a deep page):

\`\`\`
${growth.at(-1)?.queryPlan.firstPage.join('\n')}
--
${growth.at(-1)?.queryPlan.deepPage.join('\n')}
\`\`\`

| transfers, users | seeded in s | first page p50 / p99 ms | deep page p50 / p99 ms | read one p50 / p99 ms | search p50 / p99 ms | first page's query alone p50 / p99 ms |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${growth.map((g) => `| ${n(g.transfers)} | ${g.seedSeconds} | ${g.firstPage.p50} / ${g.firstPage.p99} | ${g.deepPage.p50} / ${g.deepPage.p99} | ${g.read.p50} / ${g.read.p99} | ${g.search.p50} / ${g.search.p99} | ${g.queryAlone.p50} / ${g.queryAlone.p99} |`).join('\n')}`;
    }),
    section('The ledger by store size (one client, one request at a time)', () => {
      const ledger = need(input.ledger);
      return `A store of that many ledger lines of one app's wallet (a transfer each); first pages of 100 of every line, of the
wallet's, and of one type on one day, ${plan.ledger.runs} requests each. The CSV is the Ledger page's export run in
Node: pages of 100 one after another, each written as CSV as it comes.

| lines | seeded in s | all p50 / p95 / p99 ms | one wallet p50 / p95 / p99 ms | a type on a day p50 / p95 / p99 ms | CSV |
| ---: | ---: | ---: | ---: | ---: | --- |
${ledger.map((l) => `| ${n(l.lines)} | ${l.seedSeconds} | ${l.firstPage.p50} / ${l.firstPage.p95} / ${l.firstPage.p99} | ${l.walletPage.p50} / ${l.walletPage.p95} / ${l.walletPage.p99} | ${l.typeDayPage.p50} / ${l.typeDayPage.p95} / ${l.typeDayPage.p99} | ${l.csv ? `${n(l.csv.lines)} lines, ${l.csv.seconds} s, ${Math.round(l.csv.bytes / 1024 / 1024)} MiB` : ''} |`).join('\n')}`;
    }),
    section(`Load: ${plan.load.connections} connections for ${plan.load.seconds} s of mixed traffic`, () => {
      const l = need(input.load);
      return `The organization, a page of transfers, one transfer, a new payment (a unique idempotency key each) and an address,
in turn.

| requests | requests/s | p50 ms | p99 ms | errors | non-2xx |
| ---: | ---: | ---: | ---: | ---: | ---: |
| ${l.requests} | ${l.requestsPerSecond} | ${l.p50} | ${l.p99} | ${l.errors} | ${l.non2xx} |

Memory of the console server, MiB (the live heap after a full collection):

| moment | resident set | live heap |
| --- | ---: | ---: |
| just started | ${l.rss.cold} | ${l.heapUsed.cold} |
| idle, ${plan.load.settleMs / 1000} s after a first round of the same load | ${l.rss.idle} | ${l.heapUsed.idle} |
| peak during the measured round | ${l.rss.peak} | |
| idle, ${plan.load.settleMs / 1000} s after the measured round | ${l.rss.after} | ${l.heapUsed.after} |`;
    }),
  ].join('\n');
}

function consoleInChromium(input: Measured & { plan: BenchPlan }, lighthouseVersion: string): string {
  const browserText = () => {
    const browser = need(input.browser);
    return `Bytes (gzip -9 of the built files the page asked for): the sign-in page loads ${browser.bytes.signIn.js} KiB of JS and
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
${timing('payer chosen → stored accounts listed', browser.userIdToStoredAccounts)}`;
  };
  const batchText = () => {
    const batch = need(input.batch);
    return `Pay from a file: a file of ${n(batch.rows)} payments from ${batch.payers} payers (a third by email, a
third from stored accounts, a third for a customer by bank details), ${batch.check.runs} run(s), each a new tenant:

| from → to | runs | median | p95 |
| --- | ---: | ---: | ---: |
${timing('file chosen → every row read and checked by the rules (in the browser)', batch.rules)}
${timing('file chosen → the review (payers, stored accounts and the last 24 hours asked of the service)', batch.check)}
${timing(`Pay clicked → all ${n(batch.rows)} rows answered`, batch.pay)}

That is ${batch.paymentsPerSecond} payments a second, 8 in flight.`;
  };
  const payoutsText = () => {
    const payouts = need(input.payouts);
    return `Pay out from a file: ${n(payouts.rows)} payouts to ${payouts.payees} payees' bank accounts, sent as one payout
batch and followed until every item has its result, ${payouts.check.runs} run(s), each a new tenant; Send payout, ${payouts.sendToTransfer.runs} run(s):

| from → to | runs | median | p95 |
| --- | ---: | ---: | ---: |
${timing('payouts file chosen → every row read and checked by the rules (in the browser)', payouts.rules)}
${timing('payouts file chosen → the review (payees and their methods, the last 24 hours)', payouts.check)}
${timing(`Pay clicked → all ${n(payouts.rows)} rows' results`, payouts.pay)}
${timing("Send payout clicked → the transfer with its transactions (the session's first payout)", payouts.sendToTransfer)}
${timing('the same, a later payout in the session', payouts.sendToTransferAgain)}`;
  };
  const lighthouseText = () => {
    const lighthouse = need(input.lighthouse);
    return `Lighthouse ${lighthouseVersion}; desktop is the budget, each page's median of ${input.plan.lighthouseRuns} run(s) with an empty HTTP
cache (every run's score in brackets); the mobile profile (emulated phone, slow 4G, 4× CPU) is reported, once:

| page | profile | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${lighthouse.map((l) => `| ${l.page} | ${l.profile} | ${l.scores.performance} (${l.performanceRuns.join(', ')}) | ${l.scores.accessibility} | ${l.scores['best-practices']} | ${l.metrics.fcpMs} | ${l.metrics.lcpMs} | ${l.metrics.tbtMs} | ${l.metrics.cls} |`).join('\n')}`;
  };
  return [browserText, batchText, payoutsText, lighthouseText]
    .map((text) => {
      try {
        return text();
      } catch (error) {
        return notMeasured(error);
      }
    })
    .join('\n\n');
}
