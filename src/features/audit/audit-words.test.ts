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

  it('says a refused or failed attempt was tried, never that it happened', () => {
    const line = (outcome: 'ok' | 'refused' | 'failed') =>
      auditLineWords(
        {
          action: 'payout-link.cancel',
          email: 's@x.example',
          member_id: 'mem_2',
          role: 'support',
          targets: 'link-1',
          outcome,
        },
        new Map([['mem_2', 'Sam Support']]),
      ).sentence;
    expect(line('ok')).toBe('Sam Support canceled a payout link');
    expect(line('refused')).toBe('Sam Support tried to cancel a payout link: refused');
    expect(line('failed')).toBe('Sam Support tried to cancel a payout link: failed');
    const payment = auditLineWords(
      {
        action: 'payment.create',
        email: null,
        member_id: 'mem_1',
        role: 'finance',
        targets: '',
        amount_cents: 150_000,
        outcome: 'refused',
      },
      names,
    );
    expect(payment.sentence).toBe('Fiona Finance tried to create a payment of $1,500.00: refused');
  });

  it('names each record of a line for what it is: an address is an address, not its user', () => {
    const address = auditLineWords(
      {
        action: 'user.address.add',
        email: null,
        member_id: 'mem_1',
        role: 'support',
        targets: 'user-1 addr-2',
      },
      names,
    );
    expect(address.targets).toEqual([
      { id: 'user-1', href: '/users/user-1', label: 'user' },
      { id: 'addr-2', href: null, label: 'address' },
    ]);
    const link = auditLineWords(
      { action: 'payout-link.create', email: null, member_id: 'mem_1', role: 'finance', targets: 'link-1' },
      names,
    );
    expect(link.targets).toEqual([{ id: 'link-1', href: '/payout-links/link-1', label: 'payout link' }]);
    const payout = auditLineWords(
      { action: 'payout.create', email: null, member_id: 'mem_1', role: 'finance', targets: 'tr-9' },
      names,
    );
    expect(payout.targets).toEqual([{ id: 'tr-9', href: '/transfers/tr-9', label: 'transfer' }]);
  });

  it('offers every action the trail can hold in its filter', () => {
    expect(AUDIT_ACTION_OPTIONS.map((o) => o.value)).toEqual(Object.keys(AUDIT_ACTIONS));
  });
});
