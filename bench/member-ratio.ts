import { VENDOR_OPENAPI } from '../scripts/vendor-contract.mjs';
import { runMemberPayments } from './member-payments';

/**
 * A member's payment beside Prism alone (`npm run bench` runs it with the rest): the side-by-side ratio and a short day,
 * for a quick measure on a quiet machine. `BENCH_SECONDS` per round, `BENCH_MEMBER_DAY` payments before the later rate.
 */
const result = await runMemberPayments(VENDOR_OPENAPI, Number(process.env.BENCH_SECONDS ?? 4), {
  laterFrom: Number(process.env.BENCH_MEMBER_DAY ?? 5_000),
});
const ratio = result.prism ? result.member.requestsPerSecond / result.prism.requestsPerSecond : null;
console.log(
  JSON.stringify({
    member: result.member.requestsPerSecond,
    prism: result.prism?.requestsPerSecond,
    ratio,
    day: result.day,
  }),
);
