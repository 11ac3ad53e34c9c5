import { describe, expect, it } from 'vitest';
import { announcementOf } from './live-changes';

describe('what a screen reader hears of a change', () => {
  it('names the kind, the start of the id and the new status', () => {
    expect(
      announcementOf({ kind: 'transfer', id: '1a2b3c4d-0000-4000-8000-000000000000', status: 'completed' }),
    ).toBe('Transfer 1a2b3c4d is now completed');
    expect(
      announcementOf({ kind: 'approval_request', id: 'apr_12345678ab', status: 'partly-executed' }),
    ).toBe('Approval request apr_1234 is now partly-executed');
  });

  it('says nothing of a change without a status, nor of a notice (it has its own)', () => {
    expect(announcementOf({ kind: 'user', id: 'u', status: null })).toBeNull();
    expect(announcementOf({ kind: 'notice', id: 'n', status: 'new' })).toBeNull();
  });
});
