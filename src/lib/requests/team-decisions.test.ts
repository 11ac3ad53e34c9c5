import { describe, expect, it } from 'vitest';
import { approvalPolicyBody, makerRejectionBody, teamRejectionBody } from './team-decisions';

describe("the team routes' bodies, shared by the console server and its forms", () => {
  it('a rejection says why, for whom it is for, in at most 500 characters', () => {
    expect(makerRejectionBody.parse({ reason: ' Wrong payee ' })).toEqual({ reason: 'Wrong payee' });
    expect(makerRejectionBody.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(
      'Say why, for the maker',
    );
    expect(teamRejectionBody.safeParse({ reason: '' }).error?.issues[0]?.message).toBe(
      'Say why, for the admin who asked',
    );
    expect(teamRejectionBody.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });

  it('an approval policy is in whole cents, with one or two approvals', () => {
    const policy = {
      enabled: true,
      limit_cents: 100_000,
      approvals_needed: 2,
      member_daily_limit_cents: null,
    };
    expect(approvalPolicyBody.safeParse(policy).success).toBe(true);
    expect(approvalPolicyBody.safeParse({ ...policy, limit_cents: 10.5 }).success).toBe(false);
    expect(approvalPolicyBody.safeParse({ ...policy, approvals_needed: 3 }).success).toBe(false);
  });
});
