import { expect, it } from 'vitest';
import {
  bankAccountWords,
  countOf,
  ledgerKindWords,
  ledgerLineWords,
  possessive,
  transactionTypeWords,
  transferTypeWords,
} from './words';

it('counts with the noun the number takes', () => {
  expect(countOf(1, 'approval')).toBe('1 approval');
  expect(countOf(2, 'approval')).toBe('2 approvals');
  expect(countOf(0, 'bill')).toBe('0 bills');
  expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
});

it('says whose in English, for a name ending in s too', () => {
  expect(possessive('Demo Payouts')).toBe("Demo Payouts'");
  expect(possessive('Rae')).toBe("Rae's");
});

it("says a transfer's type as the pages do: a bill payment is one thing, a refill a deposit or withdrawal", () => {
  expect(transferTypeWords('payable')).toBe('Bill payment');
  expect(transferTypeWords('refill')).toBe('Deposit or withdrawal');
  expect(transferTypeWords('balance')).toBe('Balance move');
  expect(transferTypeWords('something-new')).toBe('something-new');
  expect(transferTypeWords(null)).toBe('—');
});

it("says a ledger line's type as the ledger page and its CSV both do", () => {
  expect(transactionTypeWords('refill')).toBe('Deposit or withdrawal');
  expect(transactionTypeWords('balance')).toBe('Balance move (hold, return, opening)');
  expect(transactionTypeWords('something-new')).toBe('something-new');
  expect(transactionTypeWords(undefined)).toBe('');
});

it('names a bill payment on the ledger as the Transfers page does, and the line that gives it back', () => {
  expect(ledgerLineWords({ type: 'payout', metadata: { payable_id: 'b-1' } })).toBe('Bill payment');
  expect(ledgerLineWords({ type: 'payout', metadata: '{"payable_id":"b-1"}' })).toBe('Bill payment');
  expect(ledgerLineWords({ type: 'balance', metadata: { payable_id: 'b-1', returned: true } })).toBe(
    'Returned bill payment',
  );
  expect(ledgerLineWords({ type: 'payout', metadata: null })).toBe('Payout');
  expect(ledgerLineWords({ type: 'refill' })).toBe('Deposit or withdrawal');
});

it("names a kind of ledger line (the ledger's totals by type) as its lines are named: a bill's payment is its own", () => {
  expect(ledgerKindWords('payout', true)).toBe(transferTypeWords('payable'));
  expect(ledgerKindWords('balance', true)).toBe('Returned bill payment');
  expect(ledgerKindWords('payout', false)).toBe('Payout');
  expect(ledgerKindWords('balance', false)).toBe('Balance move (hold, return, opening)');
  expect(ledgerKindWords('payout', true)).toBe(
    ledgerLineWords({ type: 'payout', metadata: { payable_id: 'b-1' } }),
  );
});

it('names a bank account once: its own name with the mask, or one fallback where the service gives no name', () => {
  expect(bankAccountWords({ mask: '6789', name: 'Checking •••• 6789' })).toBe('Checking •••• 6789');
  expect(bankAccountWords({ mask: '6789', name: 'Operating' })).toBe('Operating •••• 6789');
  expect(bankAccountWords({ mask: '6789', name: null })).toBe('Bank account •••• 6789');
  expect(bankAccountWords({ mask: '6789', name: ' ' })).toBe('Bank account •••• 6789');
  expect(bankAccountWords({ mask: '6789' })).toBe('Bank account •••• 6789');
});
