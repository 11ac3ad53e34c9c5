import { describe, expect, it } from 'vitest';
import type { Bill } from '../../api/accounts-payable';
import {
  parseStoredRun,
  payableNow,
  payBodyOf,
  type RunBill,
  runBillOf,
  runSummary,
  storedRun,
} from './bills-pay-run';

const bill = (extra: Partial<Bill> = {}): Bill => ({
  id: 'b-1',
  number: 'NH-1',
  status: 'approved',
  amount: 42_000,
  funding_source: 'dots_balance',
  api_app_id: 'app-1',
  ap_vendor_name: 'Northwind Hosting',
  transfer_history: [],
  ...extra,
});

const run = (
  id: string,
  amount: number,
  funding = 'dots_balance',
  appId: string | null = 'app-1',
): RunBill => ({
  id,
  number: id,
  vendor: 'V',
  amount,
  funding,
  appId,
  attempt: 1,
});

describe('many bills paid as one run', () => {
  it('pays approved bills, nothing else (a failed one takes another account first)', () => {
    expect(payableNow({ status: 'approved' })).toBe(true);
    for (const status of [
      'payment_failed',
      'created',
      'submitted_for_approval',
      'payment_initiated',
      'payment_completed',
      'canceled',
    ])
      expect(payableNow({ status })).toBe(false);
  });

  it("keys each bill's pay by the bill and its attempt, so a reload sends the same key", () => {
    expect(payBodyOf(runBillOf(bill())).idempotency_key).toBe('bill-b-1-attempt-1');
    const failedOnce = bill({
      status: 'approved',
      transfer_history: [{ transfer_id: 't-1', idempotency_key: 'bill-b-1-attempt-1' }],
    });
    expect(payBodyOf(runBillOf(failedOnce))).toMatchObject({
      attempt: 2,
      idempotency_key: 'bill-b-1-attempt-2',
    });
  });

  it('adds up the count, the total, and each wallet before and after; ACH leaves the wallets alone', () => {
    const wallets = [
      { appId: 'app-2', appName: 'Second', cents: 10_000 },
      { appId: 'app-1', appName: 'Market', cents: 100_000 },
    ];
    const summary = runSummary(
      [run('a', 30_000), run('b', 20_000), run('c', 5_000, 'ach'), run('d', 1_000, 'dots_balance', 'app-2')],
      wallets,
    );
    expect(summary).toEqual({
      count: 4,
      total: 56_000,
      byAch: 5_000,
      wallets: [
        { appId: 'app-1', appName: 'Market', before: 100_000, after: 50_000, cents: 50_000 },
        { appId: 'app-2', appName: 'Second', before: 10_000, after: 9_000, cents: 1_000 },
      ],
    });
    // A bill that names no app is paid from the organization's first app (the last of the list), as the service does.
    expect(runSummary([run('e', 500, 'dots_balance', null)], wallets).wallets[0]).toMatchObject({
      appId: 'app-1',
      after: 99_500,
    });
    // Upstream the balance may be unknown: before and after say so.
    expect(
      runSummary([run('f', 500)], [{ appId: 'app-1', appName: 'M', cents: null }]).wallets[0],
    ).toMatchObject({
      before: null,
      after: null,
    });
  });

  it('keeps a run across a reload, and reads back only what it wrote', () => {
    const bills = [run('a', 100), run('b', 200)];
    expect(parseStoredRun(storedRun(bills))).toEqual(bills);
    expect(parseStoredRun(null)).toBeNull();
    expect(parseStoredRun('not json')).toBeNull();
    expect(parseStoredRun(JSON.stringify({ bills: [] }))).toBeNull();
    expect(parseStoredRun(JSON.stringify({ bills: [{ id: 'x' }] }))).toBeNull();
  });
});
