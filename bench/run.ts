import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { VENDOR_OPENAPI } from '../scripts/vendor-contract.mjs';
import { runApprovals } from './approvals';
import { runBatchBenchmarks } from './batch';
import { runBills } from './bills';
import { runBrowserBenchmarks } from './browser';
import { runEventParts } from './events';
import { runGrowth } from './growth';
import { runLedger } from './ledger';
import { type SharedServers, serveFromBundle, startConsoleServer, startPrism } from './lib';
import { QUICK_FLAGS, runLighthouse } from './lighthouse';
import { runLoad } from './load';
import { runMemberPayments } from './member-payments';
import { runOnboarding } from './onboarding';
import { runOpsCost } from './ops-cost';
import { messageOf, need, Parts, smokeProblem } from './parts';
import { runPayoutBenchmarks } from './payouts';
import { planFromArguments } from './plan';
import { type Machine, reportOf } from './report';
import { runSandboxCases } from './sandbox';
import { runSsoSignIn } from './sign-in-sso';
import { runTeamCases } from './team';

/**
 * `npm run bench`: measures the console and its sandbox on this machine, each figure against the budget an operator
 * feels, and writes bench/REPORT.md. A part that fails is written as failed and the run ends non-zero.
 * `npm run bench -- --smoke` (or BENCH_SMOKE=1): every measurement once at small sizes; it checks that each part ran
 * and produced numbers (never a time budget), writes its report to a scratch file, and ends non-zero if one did not.
 * To be quick it starts its servers from the image's bundle, shares one console server and one Prism between the parts
 * that would each start their own, and gives Lighthouse short pauses (plan.ts says what else it shrinks).
 */
const plan = planFromArguments(process.argv.slice(2));
if (!existsSync('dist/index.html')) {
  console.error('bench: no build in dist/ (run `npx vite build` first; `npm run bench` does)');
  process.exit(2);
}
// A promise of a library that fails after its part has ended must not end the run (and its report) with it.
process.on('unhandledRejection', (error) =>
  console.error(`[bench] failed outside any part: ${messageOf(error)}`),
);
const loadAtStart = loadavg();
const startedAt = new Date();
const parts = new Parts();

if (plan.smoke) serveFromBundle();
// The smoke mode starts Prism once, beside the console server, and shares both with the parts that compare them.
const prismStarting = plan.smoke ? startPrism(VENDOR_OPENAPI) : Promise.resolve(null);
const consoleServer = await parts.run('the console server', () => startConsoleServer());
const shared = async (): Promise<SharedServers | undefined> =>
  plan.smoke ? { console: need(consoleServer), prism: await prismStarting } : undefined;
const quick = plan.lighthouseQuick ? QUICK_FLAGS : {};
const onConsole = <T>(name: string, measure: (url: string) => Promise<T>) =>
  parts.run(name, () => measure(need(consoleServer).url));
/**
 * The parts that drive a browser, and the parts that load the servers. The whole run measures them one after another,
 * so that no figure shares the cores with another part. The smoke mode judges no figure, and a browser mostly waits
 * (a third of two cores was busy when its parts ran in turn): it runs the two lanes side by side.
 */
const inChromium = () =>
  onConsole('the console in Chromium', (url) => runBrowserBenchmarks(url, plan.browserRuns));
const onPayouts = () =>
  onConsole('payouts', (url) => runPayoutBenchmarks(url, plan.browserRuns, plan.batchRuns, plan.payoutRows));
const onOnboarding = () => onConsole('onboarding', (url) => runOnboarding(url, plan.onboardingRuns, quick));
const inBrowsers = async () => {
  const browser = await inChromium();
  const payouts = await onPayouts();
  return { browser, payouts, onboarding: await onOnboarding() };
};
const onAFile = () =>
  onConsole('pay from a file', (url) => runBatchBenchmarks(url, plan.batchRuns, plan.batchRows));
const onTheProvider = () =>
  parts.run('sign-in through the identity provider', () => runSsoSignIn(plan.ssoSignIns));
const inLighthouse = () =>
  onConsole('Lighthouse', (url) => runLighthouse(url, plan.lighthouseRuns, quick, plan.lighthouseProfiles));
const onBills = () =>
  onConsole('bills', (url) =>
    runBills(url, plan.bills.count, plan.bills.listRuns, plan.bills.uploadRuns, plan.bills.payRun),
  );
const onTheConsoleServer = async () => {
  const approvals = await onConsole('approvals', (url) =>
    runApprovals(url, plan.approvalRuns, plan.approvalFileRows),
  );
  const team = await onConsole("the team's gate", (url) =>
    runTeamCases(url, plan.seconds, { rounds: plan.rounds, signIns: plan.signIns }),
  );
  return { approvals, team };
};
const onServersOfTheirOwn = async () => {
  const cases = await parts.run('the sandbox beside Prism', async () =>
    runSandboxCases(VENDOR_OPENAPI, plan.seconds, undefined, plan.rounds, await shared()),
  );
  const memberPayments = await parts.run("a member's payments beside Prism, and their day", async () =>
    runMemberPayments(VENDOR_OPENAPI, plan.seconds, plan.memberDay, plan.rounds, await shared()),
  );
  const growth = await parts.run('growth', () =>
    runGrowth(plan.growth.sizes, plan.growth.seconds, plan.rounds, plan.growth.warmUpSeconds),
  );
  const ledger = await parts.run('the ledger by store size', () =>
    runLedger(plan.ledger.sizes, plan.ledger.csvLines, plan.ledger.runs),
  );
  const load = await parts.run('load', async () =>
    runLoad(plan.load.connections, plan.load.seconds, plan.load.settleMs, (await shared())?.console),
  );
  const opsCost = await parts.run('metrics and logs, on and off', () =>
    runOpsCost(plan.seconds, plan.opsRounds, plan.opsInstances),
  );
  // The service's events on a server of their own: the open page, payments beside them, a thousand a second.
  const events = await runEventParts(parts, plan);
  return {
    cases,
    memberPayments,
    growth,
    ledger,
    load,
    opsCost,
    eventPages: events.pages,
    eventPayments: events.payments,
    eventIntake: events.intake,
  };
};

let measured: Awaited<ReturnType<typeof inBrowsers>> &
  Awaited<ReturnType<typeof onTheConsoleServer>> &
  Awaited<ReturnType<typeof onServersOfTheirOwn>> & {
    bills: Awaited<ReturnType<typeof onBills>>;
    batch: Awaited<ReturnType<typeof onAFile>>;
    lighthouse: Awaited<ReturnType<typeof inLighthouse>>;
    sso: Awaited<ReturnType<typeof onTheProvider>>;
  };
if (plan.smoke) {
  const [browsers, servers] = await Promise.all([
    inBrowsers().then(async (them) => ({
      ...them,
      lighthouse: await inLighthouse(),
      sso: await onTheProvider(),
    })),
    onTheConsoleServer().then(async (own) => ({
      ...own,
      bills: await onBills(),
      // A browser's part too, here so that the two lanes take about as long.
      batch: await onAFile(),
      ...(await onServersOfTheirOwn()),
    })),
  ]);
  measured = { ...browsers, ...servers };
} else {
  const own = await onTheConsoleServer();
  const browser = await inChromium();
  const batch = await onAFile();
  const payouts = await onPayouts();
  const onboarding = await onOnboarding();
  const bills = await onBills();
  const lighthouse = await inLighthouse();
  // The parts that start servers of their own measure with the console server stopped.
  if (consoleServer.state === 'measured') consoleServer.value.child.kill('SIGTERM');
  const alone = await onServersOfTheirOwn();
  const sso = await onTheProvider();
  measured = { ...own, browser, batch, payouts, onboarding, bills, lighthouse, sso, ...alone };
}
const { approvals, team, browser, batch, payouts, onboarding, bills, lighthouse } = measured;
const { cases, memberPayments, growth, ledger, load, opsCost, sso } = measured;
const { eventPages, eventPayments, eventIntake } = measured;
if (plan.smoke) {
  if (consoleServer.state === 'measured') consoleServer.value.child.kill('SIGTERM');
  (await prismStarting)?.child.kill('SIGTERM');
}

const machine: Machine = {
  startedAt,
  endedAt: new Date(),
  cores: availableParallelism(),
  loadAtStart,
  loadAtEnd: loadavg(),
};
const report = reportOf({
  plan,
  machine,
  approvals,
  team,
  browser,
  batch,
  payouts,
  onboarding,
  bills,
  lighthouse,
  cases,
  memberPayments,
  growth,
  ledger,
  load,
  sso,
  opsCost,
  eventPages,
  eventPayments,
  eventIntake,
  failed: parts.failed(),
});

// Every part but the server itself (a value of no figures) is checked.
const problems = plan.smoke
  ? parts.all.filter((p) => p !== consoleServer).flatMap((p) => smokeProblem(p) ?? [])
  : parts.failed().map((p) => `${p.name} failed: ${p.state === 'failed' ? p.error : ''}`);
const reportFile = plan.smoke ? join(tmpdir(), 'bench-smoke-REPORT.md') : 'bench/REPORT.md';
writeFileSync(reportFile, report);
console.log(
  `${reportFile} written (${Math.round((machine.endedAt.getTime() - startedAt.getTime()) / 1000)} s)`,
);
if (problems.length > 0) {
  console.error(`bench: ${problems.length} part(s) did not measure:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
if (plan.smoke) console.log(`bench smoke: all ${parts.all.length} parts ran and produced numbers`);
// Child processes already stopped; timers of the libraries must not hold the exit.
process.exit(0);
