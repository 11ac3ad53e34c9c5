import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../lib/audit-actions';
import { AUDIT_ACTION_OPTIONS, auditLineWords } from './audit-words';

describe('the trail in words', () => {
  const names = new Map([['mem_1', 'Fiona Finance']]);

  it('names the member, the action in plain words and the amount', () => {
    const words = auditLineWords(
      {
        action: 'payment.create',
        email: 'f@x.example',
        member_id: 'mem_1',
        role: 'finance',
        targets: 'tr-1',
        amount_cents: 2500,
      },
      names,
    );
    expect(words.sentence).toBe('Fiona Finance created a payment of $25.00');
    expect(words.targets).toEqual([{ id: 'tr-1', href: '/transfers/tr-1', label: 'transfer' }]);
  });

  it('links an approval’s request and its transfer, and says when the console itself acted', () => {
    const words = auditLineWords(
      {
        action: 'approval.row',
        email: null,
        member_id: null,
        role: 'console',
        targets: 'req-1 tr-2',
        amount_cents: 100,
      },
      names,
    );
    expect(words.sentence).toBe('The console paid a row of an approved request of $1.00');
    expect(words.targets.map((t) => t.href)).toEqual(['/approvals/req-1', '/transfers/tr-2']);
  });

  it('offers every action the trail can hold in its filter', () => {
    expect(AUDIT_ACTION_OPTIONS.map((o) => o.value)).toEqual(Object.keys(AUDIT_ACTIONS));
  });
});
