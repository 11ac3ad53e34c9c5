import type { Bill } from '../../api/accounts-payable';
import { type BillPayBody, billPayKey, nextAttempt } from '../../api/bill-pay';
import { type Wallet, walletPaying } from '../../api/wallets';
import { z } from '../../lib/zod';

/**
 * Many approved bills paid as one run (use-bills-pay-run.ts): what each row of the run is, what the review adds up,
 * and what a reload leaves in the tab's storage so that the run resumes with the same keys.
 */

/** One bill of a run, as reviewed: its attempt (and so its key) is fixed when the review opens. */
export const runBillSchema = z.object({
  id: z.string().min(1),
  number: z.string(),
  vendor: z.string(),
  amount: z.int().min(1),
  funding: z.string(),
  appId: z.string().nullable(),
  attempt: z.int().min(1),
});
export type RunBill = z.infer<typeof runBillSchema>;

/**
 * A bill the run may pay: approved. A bill whose payment failed is not: the account that failed would fail again, so
 * it is given another "Pay to" and approved again first.
 */
export function payableNow(bill: Pick<Bill, 'status'>): boolean {
  return bill.status === 'approved';
}

export function runBillOf(bill: Bill): RunBill {
  return {
    id: bill.id,
    number: bill.number,
    vendor: bill.ap_vendor_name ?? '',
    amount: bill.amount,
    funding: bill.funding_source ?? 'ach',
    appId: bill.api_app_id ?? null,
    attempt: nextAttempt(bill),
  };
}

/** The body of one bill's pay: its key the bill's and the attempt's, the same before and after a reload. */
export function payBodyOf(bill: RunBill): BillPayBody {
  return {
    bill_id: bill.id,
    attempt: bill.attempt,
    amount: bill.amount,
    number: bill.number,
    vendor: bill.vendor,
    idempotency_key: billPayKey(bill.id, bill.attempt),
  };
}

export interface WalletEffect {
  appId: string | null;
  appName: string;
  /** Null where the service does not say the balance. */
  before: number | null;
  after: number | null;
  cents: number;
}

export interface RunSummary {
  count: number;
  total: number;
  /** What leaves each app's wallet (bills funded `dots_balance`). */
  wallets: WalletEffect[];
  /** What the bank pays by ACH debit (the wallets untouched). */
  byAch: number;
}

/** The review's figures: the count, the total, and each wallet before and after. */
export function runSummary(bills: readonly RunBill[], wallets: readonly Wallet[]): RunSummary {
  const effects = new Map<string, WalletEffect>();
  let byAch = 0;
  for (const bill of bills) {
    if (bill.funding !== 'dots_balance') {
      byAch += bill.amount;
      continue;
    }
    const wallet = walletPaying(wallets, bill.appId);
    const key = wallet?.appId ?? bill.appId ?? '';
    const effect = effects.get(key) ?? {
      appId: wallet?.appId ?? bill.appId,
      appName: wallet?.appName ?? "The app's",
      before: wallet?.cents ?? null,
      after: wallet?.cents ?? null,
      cents: 0,
    };
    effect.cents += bill.amount;
    effect.after = effect.before === null ? null : effect.before - effect.cents;
    effects.set(key, effect);
  }
  return {
    count: bills.length,
    total: bills.reduce((sum, bill) => sum + bill.amount, 0),
    wallets: [...effects.values()],
    byAch,
  };
}

const storedRunSchema = z.object({ bills: z.array(runBillSchema).min(1) });

/** Where a run waits out a reload: the tab's own storage, per organization. */
export const storedRunKey = (organization: string) => `bills-pay-run:${organization}`;

/** The run a reload interrupted, or null (nothing stored, or something this console did not write). */
export function parseStoredRun(text: string | null): RunBill[] | null {
  if (!text) return null;
  try {
    const parsed = storedRunSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.bills : null;
  } catch {
    return null;
  }
}

export function storedRun(bills: readonly RunBill[]): string {
  return JSON.stringify({ bills });
}
