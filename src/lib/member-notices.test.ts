import { describe, expect, it } from 'vitest';
import { noticeLink, noticeWords } from './member-notices';

describe('a notice in words', () => {
  it('calls a transfer a transfer, whether it was a payment or a payout', () => {
    expect(noticeWords({ kind: 'transfer', id: 'tr_1a2b3c4d5e' }, 'failed')).toBe(
      'Your transfer 1a2b3c4d: failed',
    );
    expect(noticeWords({ kind: 'transfer', id: 'tr_1a2b3c4d5e' }, 'returned')).toBe(
      'Your transfer 1a2b3c4d was returned',
    );
  });

  it("names a request's decision and links to its page", () => {
    expect(noticeWords({ kind: 'approval_request', id: 'apr_99887766aa' }, 'paid')).toBe(
      'Your request for approval 99887766: paid',
    );
    expect(noticeLink({ kind: 'approval_request', id: 'apr_99887766aa' })).toBe('/approvals/apr_99887766aa');
  });
});
