import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { mailerFrom } from './mail';
import { caller, teamConsole } from './test/console';

/** A real SMTP server, started here: what the console sends is what arrives, through the wire. */
async function smtp() {
  const received: { to: string[]; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: text.replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const waitFor = async <T>(find: () => T | undefined): Promise<T> => {
  for (let i = 0; i < 100; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no such mail arrived');
};

describe('mail, through a real SMTP server', async () => {
  const mail = await smtp();
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
    const message = await waitFor(() => mail.received.find((m) => m.to.includes(email)));
    expect(message.text).toContain('You are invited to');
    const url = /(http:\/\/[^\s]+\/invitation\/[\w-]+)/.exec(message.text)?.[1] ?? '';
    const path = new URL(url).pathname.replace('/invitation/', '/api/team/invitations/');
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
    const message = await waitFor(() => mail.received.find((m) => m.to.includes(member('support').email)));
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
    const asked = await waitFor(() =>
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
    const told = await waitFor(() => mail.received.find((m) => m.to.includes(member('finance').email)));
    expect(told.text).toContain('was approved and paid');
  });
});
