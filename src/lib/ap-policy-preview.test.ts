import { describe, expect, it } from 'vitest';
import { previewPolicy } from './ap-policy-preview';
import type { PayableCondition } from './requests/accounts-payable';

const ACME = '5b0c1f9e-7a43-4d52-9d0b-1f6f0f6f7a01';
const policy = (id: string, priority: number, payable_conditions: PayableCondition[]) => ({
  id,
  priority,
  payable_conditions,
});
/** The demo's tiers, and one for a vendor placed first. */
const POLICIES = [
  policy('big', 3, [{ type: 'amount', comparator: '>=', value: 1_000_001 }]),
  policy('mid', 2, [
    { type: 'amount', comparator: '>=', value: 100_000 },
    { type: 'amount', comparator: '<=', value: 1_000_000 },
  ]),
  policy('acme', 1, [
    { type: 'vendor_id', value: ACME },
    { type: 'amount', comparator: '==', value: 4_200 },
  ]),
];
const names = (id: string) => (id === ACME ? 'Acme' : id);

describe('which policy applies, before any bill exists', () => {
  it('names the first policy by priority whose conditions all hold, and why the ones before it did not', () => {
    const preview = previewPolicy(POLICIES, { amount: 500_000, vendorId: null }, names);
    expect(preview).toMatchObject({
      kind: 'policy',
      policy: { id: 'mid' },
      holds: ['amount ≥ $1,000.00', 'amount ≤ $10,000.00'],
      passedOver: [{ policy: { id: 'acme' }, failed: 'vendor is Acme' }],
    });
  });

  it('takes a vendor policy first for its vendor, whatever the amount tiers after it say', () => {
    expect(previewPolicy(POLICIES, { amount: 4_200, vendorId: ACME }, names)).toMatchObject({
      kind: 'policy',
      policy: { id: 'acme' },
      passedOver: [],
    });
    // Every condition must hold: the vendor alone is not enough.
    expect(previewPolicy(POLICIES, { amount: 4_201, vendorId: ACME }, names)).toMatchObject({
      kind: 'none',
      passedOver: [{ policy: { id: 'acme' }, failed: 'amount = $42.00' }, {}, {}],
    });
  });

  it('takes the first by priority where two hold, whatever order the list came in', () => {
    const first = policy('acme-large', 1, [
      { type: 'vendor_id', value: ACME },
      { type: 'amount', comparator: '>=', value: 100_000 },
    ]);
    const preview = previewPolicy([POLICIES[1], first, POLICIES[0]] as typeof POLICIES, {
      amount: 500_000,
      vendorId: ACME,
    });
    expect(preview).toMatchObject({ kind: 'policy', policy: { id: 'acme-large' }, passedOver: [] });
    // Moved after the amount tier, the tier applies and the vendor's policy is not reached.
    const moved = previewPolicy([POLICIES[1], { ...first, priority: 4 }] as typeof POLICIES, {
      amount: 500_000,
      vendorId: ACME,
    });
    expect(moved).toMatchObject({ kind: 'policy', policy: { id: 'mid' } });
  });

  it('holds the edges of each comparator exactly, in cents', () => {
    const at = (amount: number) => {
      const preview = previewPolicy(POLICIES, { amount, vendorId: null });
      return preview.kind === 'policy' ? preview.policy.id : 'none';
    };
    expect([at(99_999), at(100_000), at(1_000_000), at(1_000_001)]).toEqual(['none', 'mid', 'mid', 'big']);
  });

  it('says none applies (the bill is approved at submission) with every policy passed over', () => {
    const preview = previewPolicy(POLICIES, { amount: 5_000, vendorId: null }, names);
    expect(preview.kind).toBe('none');
    expect(preview.passedOver.map((p) => [p.policy.id, p.failed])).toEqual([
      ['acme', 'vendor is Acme'],
      ['mid', 'amount ≥ $1,000.00'],
      ['big', 'amount ≥ $10,000.01'],
    ]);
  });

  it('matches no amount condition without an amount', () => {
    expect(previewPolicy(POLICIES, { amount: null, vendorId: null }).kind).toBe('none');
  });
});
