import { afterAll, describe, expect, it } from 'vitest';
import { noticeTransferTrouble } from '../events/transfer-trouble';
import { ensureOrganization } from '../members/members';
import { caller, teamConsole } from '../test/console';
import { mailFor, smtpServer } from '../test/smtp';
import { mailerFrom } from './mail';

describe('a member’s notices by mail, as they chose in Settings', async () => {
  const mail = await smtpServer();
  const server = await teamConsole({
    mailer: mailerFrom({ SMTP_URL: mail.url, MAIL_FROM: 'Console <console@org.example>' }),
  });
  const tenant = await server.tenant();
  const org = await ensureOrganization(server.team.database.db, {
    clientId: tenant.client_id,
    name: 'O',
    sandboxApiKey: null,
  });
  const finance = tenant.members.find((m) => m.role === 'finance') ?? { email: '', password: '', id: '' };
  const asFinance = caller(server.app, await server.signIn(finance));
  afterAll(async () => {
    await server.close();
    await mail.close();
  });
  const failedTransfer = (id: string, status = 'failed') => ({
    id,
    status,
    amount: -12_345,
    ach_info: { account_number: '99887766554', routing_number: '021000021' },
    metadata: { initiated_by: finance.email },
  });
  const mailsTo = () => mail.received.filter((m) => m.to.includes(finance.email));

  it('is off until the member asks; then a failed payment of theirs is mailed, with no account number in it', async () => {
    expect((await asFinance.get('/api/team/notices/mail')).body).toEqual({
      email_me: false,
      mail_set_up: true,
    });
    await noticeTransferTrouble(server.team, org.id, failedTransfer('tr_before'));
    await server.team.settled();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo()).toEqual([]);

    const chosen = await asFinance.put('/api/team/notices/mail', { email_me: true });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ email_me: true, mail_set_up: true });
    await noticeTransferTrouble(server.team, org.id, failedTransfer('tr_1a2b3c4d5e6f', 'returned'));
    const message = await mailFor(() => mailsTo().find((m) => m.text.includes('tr_1a2b3c4d5e6f')));
    expect(message.text).toContain('Your transfer 1a2b3c4d was returned ($123.45)');
    expect(message.text).toContain('/transfers/tr_1a2b3c4d5e6f');
    expect(message.text).not.toContain('99887766554');
    expect(message.text).not.toContain('6554');

    // Told once: the same news again sends nothing more.
    await noticeTransferTrouble(server.team, org.id, failedTransfer('tr_1a2b3c4d5e6f', 'returned'));
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo().filter((m) => m.text.includes('tr_1a2b3c4d5e6f'))).toHaveLength(1);

    expect((await asFinance.put('/api/team/notices/mail', { email_me: false })).body.email_me).toBe(false);
  });
});
