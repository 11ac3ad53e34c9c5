import type { z } from 'zod';
import type { AuditAction } from '../../lib/audit-actions';
import { paymentCrossFieldProblems, paymentRequestSchema } from '../../lib/requests/payments';
import { batchItemSchema, payoutBatchRequestSchema } from '../../lib/requests/payout-batches';
import { payoutLinkRequestSchema } from '../../lib/requests/payout-links';
import { payoutRequestCreateSchema } from '../../lib/requests/payout-requests';
import { payoutRequestSchema, sendPayoutSchema } from '../../lib/requests/payouts';
import {
  organizationTransferSchema,
  transferBatchItemSchema,
  transferBatchRequestSchema,
  transferRequestSchema,
  walletAmountSchema,
} from '../../lib/requests/wallets';
import { type FieldError, fieldErrorsFrom } from '../../node/error-body';
import { stampPayment } from './payment-stamp';

/**
 * The requests that move money, as the console server judges them before they reach the service: each is checked by
 * the schema the service itself uses, stamped with its author, and counted in cents against the team's limits. A
 * payout link holds its amount from the moment it is made, so it counts as money moved; so does a payout request: its
 * approval is the vendor's dashboard's, not a second member's of the team, and approved it sends the payee a payout
 * link of its amount, so a member asks for no more than they could pay alone. A redelivery or a cancel moves nothing.
 */
export type MoneyCheck = { body: Record<string, unknown>; amountCents: number } | { problems: FieldError[] };

type Body = Record<string, unknown>;

function single(schema: z.ZodType<{ amount: number }>, cross?: (raw: unknown) => FieldError[]) {
  return (raw: Body, email: string): MoneyCheck => {
    const parsed = schema.safeParse(raw);
    const problems = [
      ...(parsed.success ? [] : fieldErrorsFrom(parsed.error.issues)),
      ...(cross?.(raw) ?? []),
    ];
    const stamped = stampPayment(raw, email);
    if ('problem' in stamped) problems.push(stamped.problem);
    if (problems.length > 0 || !parsed.success || 'problem' in stamped) return { problems };
    // A signed amount (a transfer's direction) moves its size either way.
    return { body: stamped.body, amountCents: Math.abs(parsed.data.amount) };
  };
}

/** A batch: every item checked and stamped as a payout of its own (its key its request id), the total its amount. */
function batch(raw: Body, email: string): MoneyCheck {
  const parsed = payoutBatchRequestSchema.safeParse(raw);
  if (!parsed.success) return { problems: fieldErrorsFrom(parsed.error.issues) };
  const problems: FieldError[] = [];
  const items: Body[] = [];
  let total = 0;
  parsed.data.items.forEach((item, index) => {
    const at = (path: string) => `items.${index}.${path}`;
    const checked = batchItemSchema.safeParse(item);
    if (!checked.success) {
      problems.push(...fieldErrorsFrom(checked.error.issues, ['items', String(index)]));
      return;
    }
    const stamped = stampPayment(item as Body, email);
    if ('problem' in stamped) problems.push({ ...stamped.problem, path: at(stamped.problem.path) });
    else items.push(stamped.body);
    total += checked.data.amount;
  });
  const stampedBatch = stampPayment(raw, email);
  if ('problem' in stampedBatch) problems.push(stampedBatch.problem);
  if (problems.length > 0 || 'problem' in stampedBatch) return { problems };
  // The batch's own metadata names its author; its key is no payment's request id.
  const metadata = { ...(stampedBatch.body.metadata as Body) };
  delete metadata.console_request_id;
  return { body: { ...raw, items, metadata }, amountCents: total };
}

/** A transfer batch: each item stamped as a transfer of its own (its key its request id); its total the sum of sizes. */
function transferBatch(raw: Body, email: string): MoneyCheck {
  const parsed = transferBatchRequestSchema.safeParse(raw);
  if (!parsed.success) return { problems: fieldErrorsFrom(parsed.error.issues) };
  const problems: FieldError[] = [];
  const items: Body[] = [];
  let total = 0;
  (raw.items as Body[]).forEach((item, index) => {
    const checked = transferBatchItemSchema.safeParse(item);
    if (!checked.success) return;
    const stamped = stampPayment(item, email);
    if ('problem' in stamped)
      problems.push({ ...stamped.problem, path: `items.${index}.${stamped.problem.path}` });
    else items.push(stamped.body);
    total += Math.abs(checked.data.amount);
  });
  const stampedBatch = stampPayment(raw, email);
  if ('problem' in stampedBatch) problems.push(stampedBatch.problem);
  if (problems.length > 0 || 'problem' in stampedBatch) return { problems };
  const metadata = { ...(stampedBatch.body.metadata as Body) };
  delete metadata.console_request_id;
  return { body: { ...raw, items, metadata }, amountCents: total };
}

const CHECKS: Partial<Record<AuditAction, (raw: Body, email: string) => MoneyCheck>> = {
  'payment.create': single(paymentRequestSchema, paymentCrossFieldProblems),
  'payout.create': single(payoutRequestSchema),
  'payout.send': single(sendPayoutSchema),
  'payout-link.create': single(payoutLinkRequestSchema),
  'payout-request.create': single(payoutRequestCreateSchema),
  'payout-batch.create': batch,
  'deposit.create': single(walletAmountSchema),
  'withdrawal.create': single(walletAmountSchema),
  'transfer.create': single(transferRequestSchema),
  'transfer-batch.create': transferBatch,
  'organization-transfer.create': single(organizationTransferSchema),
};

export function movesMoney(action: AuditAction): boolean {
  return CHECKS[action] !== undefined;
}

/** The request as the server will send it, or what is wrong with it; null when the action moves no money. */
export function checkMoney(action: AuditAction, raw: unknown, email: string): MoneyCheck | null {
  const check = CHECKS[action];
  if (!check) return null;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { problems: [{ path: '(body)', message: 'The body is a JSON object' }] };
  }
  return check(raw as Body, email);
}
