import { expect, it } from 'vitest';
import { approvalNeed } from '../../lib/approval-rules';
import { dailyLimitWordsForABill } from './bill-pay-words';

it('says what a payer refused by their daily limit can do for a bill, never to submit it for approval', () => {
  const need = approvalNeed(
    { enabled: true, limitCents: 100_000, memberDailyLimitCents: 500_000 },
    90_000,
    450_000,
  );
  if (!need.needed) throw new Error('the daily limit should refuse it');
  const words = dailyLimitWordsForABill(need.message);
  expect(words).not.toContain('submit it for approval');
  expect(words).toContain('above your daily limit of $5,000.00');
  expect(words).toContain('another member with room in their daily limit pays it, or you pay it tomorrow');
});
