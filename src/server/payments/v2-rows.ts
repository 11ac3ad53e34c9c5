import type { Context } from 'hono';
import { judgeMoney } from '../gate/money';
import { type Asked, reads, type V2Row, type Verdict } from '../pipeline/v2-row';

/** A file's identity as its rows declare it (the SHA-256 of the file), for the file's total; null when none. */
function fileOf(c: Context): string | null {
  const given = c.req.header('x-console-file')?.trim().toLowerCase();
  return given && /^[0-9a-f]{64}$/.test(given) ? given : null;
}

/**
 * A request that moves money (a payment, a payout, a wallet move): checked by the service's schema, stamped with its
 * author, and counted against the approval policy and the member's daily limit before it is sent (gate/money.ts).
 */
export async function judgeMoneyRequest({ team, found, action, body, c }: Asked): Promise<Verdict> {
  const judged = await judgeMoney(team, found, action, body, fileOf(c));
  return judged.kind === 'refused'
    ? { kind: 'refused', refusal: judged.refusal, amountCents: judged.amountCents }
    : { kind: 'send', body: judged.body, amountCents: judged.amountCents, reservation: judged.reservation };
}

/** Payments, and the transfers and ledger lines they make. */
export const PAYMENT_ROWS: V2Row[] = [
  {
    method: 'POST',
    path: '/v2/payments',
    permission: 'pay',
    action: 'payment.create',
    body: 'json',
    judge: judgeMoneyRequest,
  },
  ...reads(
    '/v2/transfers',
    '/v2/transfers/*',
    '/v2/transactions',
    '/v2/transactions/totals',
    '/v2/transactions/*',
  ),
];
