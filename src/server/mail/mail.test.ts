import { afterAll, describe, expect, it } from 'vitest';
import { caller, teamConsole } from '../test/console';
import { linkIn, mailFor, smtpServer } from '../test/smtp';
import { mailerFrom } from './mail';

describe('mail, through a real SMTP server', async () => {
  const mail = await smtpServer();
  const server = await teamConsole({
    mailer: mailerFrom({ SMTP_URL: mail.url, MAIL_FROM: 'Console <console@org.example>' }),
  });
  const tenant = await server.tenant({ approval_limit_cents: 100_000 });
  const member = (role: string) =>
    tenant.members.find((m) => m.role === role) ?? { email: '', password: '', id: '' };
  const admin = caller(server.app, await server.signIn(member('admin')));
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  it('sends an invitation’s link to the person invited, and never to the admin', async () => {
    const email = `invited@${tenant.client_id}.example`;
    const invited = await admin.post('/api/team/members', { email, name: 'Ivy Invited', role: 'support' });
    expect(invited.status).toBe(201);
    expect(invited.body.link).toMatchObject({ delivery: 'email', to: email });
    expect(invited.text).not.toContain('/invitation/');
    const message = await mailFor(() => mail.received.find((m) => m.to.includes(email)));
    expect(message.text).toContain('You are invited to');
    const path = linkIn(message.text);
    expect((await caller(server.app, '').post(path, { password: 'ivy has a long password' })).status).toBe(
      200,
    );
    await server.signIn({ email, password: 'ivy has a long password' });
    expect((await admin.get('/api/team/members')).body.mail).toBe(true);
  });

  it('sends a reset link to the member whose password it is', async () => {
    const reset = await admin.post(`/api/team/members/${member('support').id}/password-reset`);
    expect(reset.status).toBe(201);
    expect(reset.body.link).toMatchObject({ delivery: 'email', to: member('support').email });
    expect(reset.text).not.toContain('/invitation/');
    const message = await mailFor(() => mail.received.find((m) => m.to.includes(member('support').email)));
    expect(message.text).toContain('reset your Payout Console password');
  });

  it('tells the approvers a request waits for them, and the maker how it ended', async () => {
    const finance = caller(server.app, await server.signIn(member('finance')));
    const submitted = await finance.post('/api/team/approvals', {
      payment: {
        amount: 150_000,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '99887766554', routing_number: '021000021' },
        idempotency_key: crypto.randomUUID(),
      },
    });
    expect(submitted.status).toBe(201);
    const asked = await mailFor(() =>
      mail.received.find(
        (m) => m.to.includes(member('admin').email) && m.text.includes('asks you to approve'),
      ),
    );
    expect(asked.text).toContain(`/approvals/${submitted.body.id}`);
    expect(asked.text).toContain('$1,500.00');
    // The maker is not asked to approve their own.
    expect(
      mail.received.some(
        (m) => m.to.includes(member('finance').email) && m.text.includes('asks you to approve'),
      ),
    ).toBe(false);
    expect((await admin.post(`/api/team/approvals/${submitted.body.id}/approve`)).body.status).toBe(
      'executed',
    );
    const told = await mailFor(() => mail.received.find((m) => m.to.includes(member('finance').email)));
    expect(told.text).toContain('was approved and paid');
  });
});

describe('links in mail point at the configured origin, never at the Host header', async () => {
  const mail = await smtpServer();
  const server = await teamConsole({
    mailer: mailerFrom({ SMTP_URL: mail.url, MAIL_FROM: 'Console <console@org.example>' }),
    publicOrigin: 'https://console.example.org/',
  });
  const tenant = await server.tenant({ approval_limit_cents: 100_000 });
  const member = (role: string) =>
    tenant.members.find((m) => m.role === role) ?? { email: '', password: '', id: '' };
  afterAll(async () => {
    await server.close();
    await mail.close();
  });
  // A request sent to a loopback name and another port, as a page or a proxy could send it.
  const elsewhere = async (role: string, path: string, body?: unknown) =>
    server.app.request(`http://localhost:6666${path}`, {
      method: 'POST',
      headers: {
        Authorization: await server.signIn(member(role)),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('a reset link and an approval notice', async () => {
    const reset = await elsewhere('admin', `/api/team/members/${member('support').id}/password-reset`);
    expect(reset.status).toBe(201);
    const resetMail = await mailFor(() => mail.received.find((m) => m.to.includes(member('support').email)));
    expect(resetMail.text).toMatch(/https:\/\/console\.example\.org\/invitation\/[\w-]+/);
    expect(resetMail.text).not.toContain('6666');
    const submitted = await elsewhere('finance', '/api/team/approvals', {
      payment: {
        amount: 150_000,
        platform: 'ach',
        user_id: tenant.users[0]?.id,
        ach_info: { account_number: '000123456789', routing_number: '021000021' },
        idempotency_key: crypto.randomUUID(),
      },
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    const notice = await mailFor(() => mail.received.find((m) => m.text.includes(`/approvals/${id}`)));
    expect(notice.text).toContain(`https://console.example.org/approvals/${id}`);
    expect(notice.text).not.toContain('6666');
  });
});
