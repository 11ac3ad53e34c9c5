import { describe, expect, it } from 'vitest';
import { PAYABLE_STATUSES } from '../../lib/ap-states';
import { apRoleWords, billStatusColor } from './bill-words';

describe("a bill's words and colours", () => {
  it('colours each status, and not all alike', () => {
    const colors = PAYABLE_STATUSES.map(billStatusColor);
    expect(colors.every((c) => c !== 'gray.8')).toBe(true);
    expect(new Set(colors).size).toBeGreaterThanOrEqual(6);
    expect(billStatusColor('approved')).not.toBe(billStatusColor('submitted_for_approval'));
  });

  it("says an AP user's role in words", () => {
    expect(apRoleWords('ap_creator')).toBe('maker of bills');
    expect(apRoleWords('ap_approver')).toBe('approver');
    expect(apRoleWords('something_new')).toBe('something new');
  });
});
