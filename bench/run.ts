import { writeFileSync } from 'node:fs';
import { runLoad } from './load';
import { measureSyncCost } from './sync-cost';

/** `npm run bench`: measures on this machine and writes bench/REPORT.md. Figures, never pass/fail. */
const sync = await measureSyncCost();
console.log('synchronous NORMAL vs FULL (payments/s):', sync);
const load = await runLoad(
  Number(process.env.BENCH_CONNECTIONS ?? 200),
  Number(process.env.BENCH_SECONDS ?? 30),
);
console.log('load:', load);

const report = `# Benchmark report

Measured on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on this machine (2 cores). Re-run with
\`npm run bench\`.

## Load: ${load.connections} connections for ${load.seconds} s of mixed traffic

Console server on its embedded sandbox (WAL file): GET organization, list and read transfers, create payments
(unique idempotency keys), add addresses, in turn.

| requests | requests/s | p50 ms | p99 ms | errors | non-2xx |
| ---: | ---: | ---: | ---: | ---: | ---: |
| ${load.requests} | ${load.requestsPerSecond} | ${load.p50} | ${load.p99} | ${load.errors} | ${load.non2xx} |

Memory of the console server (RSS, MiB): just started ${load.rss.cold}; idle after a 5 s warm-up ${load.rss.warm};
peak under load ${load.rss.peak}; idle again 10 s after the load ${load.rss.after}.

## Durability setting

Payments per second through the API, one at a time, on a file: \`synchronous=NORMAL\` ${sync.normal},
\`synchronous=FULL\` ${sync.full} (FULL costs ${Math.round((1 - sync.full / sync.normal) * 100)}%).
`;
writeFileSync('bench/REPORT.md', report);
console.log('bench/REPORT.md written');
