import { describe, expect, it } from 'vitest';
import { uuidFromHex } from '../../lib/file-engine/row-keys';
import { UUID_PATTERN } from '../../lib/uuid';
import { batchKeyOf, derivePayoutKeys } from './payouts-file-keys';
import type { ResolvedPayout } from './payouts-file-resolve';

const payout = (over: Partial<ResolvedPayout> = {}): ResolvedPayout => ({
  row: 2,
  userId: 'u1',
  payeeName: 'Sam',
  payeeEmail: null,
  cents: 1000,
  platform: 'paypal',
  methodText: 'PayPal',
  metadata: { invoice: 'I-1' },
  ...over,
});

describe('payout keys', () => {
  it('are UUIDs of version 8', () => {
    const id = uuidFromHex('0123456789abcdef0123456789abcdef');
    expect(id).toMatch(UUID_PATTERN);
    expect(id).toBe('01234567-89ab-8def-8123-456789abcdef');
  });

  it('are the same for the same file, and differ for another payout or a repeat of the same one', async () => {
    const rows = [payout(), payout({ row: 3 }), payout({ row: 4, cents: 1001 })];
    const first = await derivePayoutKeys('secret', rows);
    // The key files have always had: another would make every row of a file paid before look new.
    expect(first[0]).toBe('611efc7b-1997-8d53-bf56-e4c53d393610');
    expect(await derivePayoutKeys('secret', rows)).toEqual(first);
    expect(new Set(first).size).toBe(3);
    // Moving a row does not change the key of another; another secret (another organization) changes every key.
    expect((await derivePayoutKeys('secret', [rows[2] as ResolvedPayout]))[0]).toBe(first[2]);
    expect((await derivePayoutKeys('other', rows))[0]).not.toBe(first[0]);
    // The row number is no part of it: the same payout on another line of a fixed file keeps its key.
    expect((await derivePayoutKeys('secret', [payout({ row: 99 })]))[0]).toBe(first[0]);
  });

  it('make a batch key that follows its items', async () => {
    expect(await batchKeyOf('s', ['a', 'b'])).toBe(await batchKeyOf('s', ['a', 'b']));
    expect(await batchKeyOf('s', ['a', 'b'])).not.toBe(await batchKeyOf('s', ['a']));
  });
});
