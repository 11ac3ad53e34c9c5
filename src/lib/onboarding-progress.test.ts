import { expect, it } from 'vitest';
import { linkProgress } from './onboarding-progress';

const flow = {
  user_id: 'u1',
  created: '2026-12-01T10:00:00Z',
  steps: ['compliance', 'manage-payouts', 'redirect'],
  completed_steps: ['compliance'],
  status: 'open',
};
const request = (status: string, created_at = '2026-12-01T10:05:00Z', user_id = 'u1') => ({
  user_id,
  operation: 'add-payout-method',
  status,
  created_at,
});

it('a method sent through the link and waiting for a second member is waiting, then done once confirmed', () => {
  expect(linkProgress(flow, [request('pending')])).toEqual({
    steps: [
      { step: 'compliance', state: 'done' },
      { step: 'manage-payouts', state: 'waiting' },
    ],
    state: 'waiting',
  });
  expect(linkProgress(flow, [request('applied')]).state).toBe('completed');
});

it("another user's request, one made before the link, or one rejected leaves the step not yet done", () => {
  for (const other of [
    request('pending', undefined, 'u2'),
    request('applied', '2026-12-01T09:00:00Z'),
    request('rejected'),
  ]) {
    expect(linkProgress(flow, [other])).toEqual({
      steps: [
        { step: 'compliance', state: 'done' },
        { step: 'manage-payouts', state: 'not-yet' },
      ],
      state: 'open',
    });
  }
  expect(linkProgress({ ...flow, status: 'expired' }, []).state).toBe('expired');
  expect(
    linkProgress({ ...flow, completed_steps: ['compliance', 'manage-payouts', 'redirect'] }, []).state,
  ).toBe('completed');
});
