import { describe, expect, it } from 'vitest';
import type { Transfer } from '../../api/schemas';
import { failureWords, paymentFailures } from './payment-failures';

const transfer = (id: string, status: string, at: string, mask: string, code?: string): Transfer => ({
  id,
  status,
  amount: 100,
  created: at,
  status_history: [
    { status: 'created', at },
    { status, at: at.replace('T00', 'T01') },
  ],
  external_data: { account_mask: mask },
  ...(code ? { failure_reason: { code, message: 'No account / unable to locate account' } } : {}),
});

describe('a bill payment that failed', () => {
  it('is named by when, the code and reason the service gave, and the account it went to', () => {
    const failures = paymentFailures([
      transfer('b', 'failed', '2026-12-02T00:00:00Z', '0001', 'R03'),
      transfer('a', 'completed', '2026-12-01T00:00:00Z', '4821'),
    ]);
    expect(failures).toEqual([
      {
        transferId: 'b',
        at: '2026-12-02T01:00:00Z',
        returned: false,
        code: 'R03',
        reason: 'No account / unable to locate account',
        accountMask: '0001',
      },
    ]);
    expect(failureWords(failures[0] as (typeof failures)[number])).toBe(
      'R03: No account / unable to locate account',
    );
  });
});
