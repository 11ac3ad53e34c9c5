/**
 * `npm run profile -- <case> [seconds]`: the sandbox under one of the bench's loads (50 connections), with V8's CPU
 * profiler on. Writes, in bench/profiles/, the profile itself (`<case>.cpuprofile`: open it in Chrome DevTools'
 * Performance panel or speedscope), a flame graph (`<case>.svg`) and the costliest functions (`<case>.md`).
 * Cases: payment, read, list, address.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type CpuProfile, type FrameCost, flameGraphSvg, summarize } from './flame';
import { cpuMicroseconds } from './lib';
import { prepareLoad, startProcess } from './routes';

const CASES = { payment: 0, read: 1, list: 2, address: 3 } as const;
type CaseKey = keyof typeof CASES;

const OUT = 'bench/profiles';

function usage(): never {
  console.error(`usage: npm run profile -- <${Object.keys(CASES).join('|')}> [seconds]`);
  process.exit(2);
}

function table(costs: FrameCost[], usPerRequest: number): string {
  const rows = costs.map(
    (cost) =>
      `| ${(cost.share * 100).toFixed(1)}% | ${(cost.share * usPerRequest).toFixed(1)} | ${cost.origin} | \`${cost.name.replaceAll('|', '\\|')}\` |`,
  );
  return ['| share | µs/request | from | function |', '| ---: | ---: | --- | --- |', ...rows].join('\n');
}

const key = process.argv[2] as CaseKey | undefined;
if (!key || !(key in CASES)) usage();
const seconds = Number(process.argv[3] ?? 10);
if (!Number.isFinite(seconds) || seconds <= 0) usage();

const profileDir = mkdtempSync(join(tmpdir(), 'profile-'));
const sandbox = await startProcess(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', 'src/sandbox/main.ts'],
  { PORT: '0', SANDBOX_DB: join(profileDir, 'sandbox.db'), SANDBOX_SETTLE_MS: '0' },
  /on (http:\/\/[\d.]+:\d+)/,
);
let result: autocannon.Result;
let usPerRequest: number;
try {
  const { headers, transferId, cases } = await prepareLoad(sandbox.url);
  const chosen = cases[CASES[key]];
  if (!chosen) throw new Error(`No case ${key}`);
  const pid = sandbox.child.pid as number;
  const before = cpuMicroseconds(pid);
  result = await autocannon({
    url: sandbox.url,
    connections: 50,
    duration: seconds,
    headers,
    requests: [chosen.request(transferId)],
  });
  usPerRequest = (cpuMicroseconds(pid) - before) / result.requests.total;
  console.log(
    `${chosen.name}: ${Math.round(result.requests.average)} requests/s, ${usPerRequest.toFixed(1)} µs of server CPU each (profiler on)`,
  );
} finally {
  // SIGINT lets the server exit by itself, which is when Node writes the profile.
  const exited = new Promise((resolve) => sandbox.child.once('exit', resolve));
  sandbox.child.kill('SIGINT');
  await exited;
}

const written = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!written) throw new Error('The server wrote no profile');
mkdirSync(OUT, { recursive: true });
const profilePath = join(OUT, `${key}.cpuprofile`);
renameSync(join(profileDir, written), profilePath);
const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile;
const summary = summarize(profile, 30);
const title = `Sandbox CPU, ${key} under 50 connections: ${Math.round(result.requests.average)} req/s, ${usPerRequest.toFixed(0)} µs of CPU per request (profiler on), ${new Date().toISOString().slice(0, 10)}`;
writeFileSync(join(OUT, `${key}.svg`), flameGraphSvg(profile, title));
// The profile also holds start-up and the seeding; shares are of the whole busy time, µs per request are the
// share of the measured CPU per request, so they are close for the hot path and overstate start-up code.
writeFileSync(
  join(OUT, `${key}.md`),
  `# ${title}

Re-run with \`npm run profile -- ${key}\`; the flame graph is [${key}.svg](${key}.svg). Shares are of the process's
busy time (idle ${(summary.idleShare * 100).toFixed(0)}% of the run left out), start-up and seeding included; µs per
request apply a share to the ${usPerRequest.toFixed(1)} µs of CPU each request cost in the measured run.

## By own time

${table(summary.bySelf, usPerRequest)}

## By inclusive time (with callees)

${table(summary.byInclusive, usPerRequest)}
`,
);
console.log(`${profilePath}, ${OUT}/${key}.svg and ${OUT}/${key}.md written`);
process.exit(0);
