import { describe, expect, it } from 'vitest';
import {
  approvalCounts,
  approvalNeed,
  excludedApprovers,
  memberDailyLimit,
  moneyWhatOf,
} from './approval-rules';

const policy = { enabled: true, limitCents: 100_000, memberDailyLimitCents: 500_000 };

describe('approvalNeed', () => {
  it('holds every amount of a member whose credentials were reset, even with approvals off', () => {
    const held = '2030-05-06T07:08:09.000Z';
    for (const limits of [policy, { ...policy, enabled: false }]) {
      expect(approvalNeed(limits, 1, 0, 'payment', held)).toEqual({
        needed: true,
        limit: 'hold',
        message: expect.stringContaining('until 2030-05-06 07:08 UTC'),
      });
    }
    expect(approvalNeed(policy, 1, 0, 'payment', null)).toEqual({ needed: false });
    expect(approvalNeed({ ...policy, enabled: false }, 900_000, 0)).toEqual({ needed: false });
  });

  it('asks above the limit, then above what the member may still move alone today', () => {
    expect(approvalNeed(policy, 100_001, 0)).toMatchObject({ needed: true, limit: 'amount' });
    expect(approvalNeed(policy, 100_000, 400_001)).toMatchObject({ needed: true, limit: 'daily' });
    expect(approvalNeed(policy, 100_000, 400_000)).toEqual({ needed: false });
  });

  it('names what is above the limit: a move between wallets, a deposit or a withdrawal is no payment', () => {
    const words = (action: string) => {
      const need = approvalNeed(policy, 200_000, 0, moneyWhatOf(action));
      return need.needed ? need.message : '';
    };
    expect(words('organization-transfer.create')).toBe(
      "Above $1,000.00 a move between wallets needs another member's approval: submit it for approval",
    );
    expect(words('transfer.create')).toContain('a move between wallets');
    expect(words('deposit.create')).toContain('Above $1,000.00 a deposit needs');
    expect(words('withdrawal.create')).toContain('a withdrawal needs');
    expect(words('payout.create')).toContain('a payment needs');
  });

  it('bounds a member’s day by the approval limit when no daily limit is set and approvals are on', () => {
    const unset = { ...policy, memberDailyLimitCents: null };
    expect(memberDailyLimit(unset)).toBe(100_000);
    expect(memberDailyLimit({ ...unset, enabled: false })).toBeNull();
    expect(memberDailyLimit(policy)).toBe(500_000);
    // Split under the limit: the second half passes, the third is held.
    expect(approvalNeed(unset, 50_000, 50_000)).toEqual({ needed: false });
    expect(approvalNeed(unset, 50_000, 100_000)).toMatchObject({
      needed: true,
      limit: 'daily',
      message: expect.stringContaining('above your daily limit of $1,000.00'),
    });
    expect(approvalNeed({ ...unset, enabled: false }, 50_000, 100_000)).toEqual({ needed: false });
  });
});

describe('approvalCounts', () => {
  const request = { maker_id: 'maker', created_at: '2030-01-02T00:00:00.000Z', excluded_approvers: 'a1 a2' };
  const approver = (id: string) => ({
    id,
    role: 'finance' as const,
    status: 'active',
    approver_since: '2030-01-01T00:00:00.000Z',
  });

  const now = '2030-01-03T00:00:00.000Z';
  it('does not count the admins who reset a held maker’s credentials, nor the maker', () => {
    expect(excludedApprovers(request)).toEqual(['a1', 'a2']);
    expect(approvalCounts(approver('a1'), request, now)).toBe(false);
    expect(approvalCounts(approver('a2'), request, now)).toBe(false);
    expect(approvalCounts(approver('maker'), request, now)).toBe(false);
    expect(approvalCounts(approver('someone'), request, now)).toBe(true);
    expect(approvalCounts(approver('a1'), { ...request, excluded_approvers: null }, now)).toBe(true);
  });

  it('does not count a held member’s approval until the hold ends', () => {
    const held = { ...approver('someone'), held_until: '2030-01-04T00:00:00.000Z' };
    expect(approvalCounts(held, request, now)).toBe(false);
    expect(approvalCounts(held, request, '2030-01-04T00:00:00.001Z')).toBe(true);
  });
});
