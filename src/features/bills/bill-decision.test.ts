import { describe, expect, it } from 'vitest';
import { billDecisionSchema } from './bill-decision';

describe('a decision on a bill', () => {
  it('needs a reason to reject, trimmed, and at most 1,000 characters', () => {
    const reject = billDecisionSchema('reject');
    expect(reject.safeParse({ comment: '   ' }).error?.issues[0]?.message).toBe(
      'Say why: the maker reads it',
    );
    expect(reject.parse({ comment: '  Wrong amount ' })).toEqual({ comment: 'Wrong amount' });
    expect(reject.safeParse({ comment: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'At most 1,000 characters',
    );
  });

  it('takes an approval with or without a comment', () => {
    const approve = billDecisionSchema('approve');
    expect(approve.parse({ comment: '' })).toEqual({ comment: '' });
    expect(approve.parse({ comment: 'Matches the contract' })).toEqual({ comment: 'Matches the contract' });
    expect(approve.safeParse({ comment: 'x'.repeat(1001) }).success).toBe(false);
  });
});
