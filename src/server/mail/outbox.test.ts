import { afterAll, describe, expect, it } from 'vitest';
import { basic, caller, type MemberCredentials, teamConsole } from '../test/console';
import { LocalOutbox, MAILBOX_PATH, mailboxPage, OUTBOX_LIMIT } from './outbox';

/**
 * The demo without SMTP_URL: its onboarding links go to the sandbox's own mailbox (/sandbox/mailbox), so a link that
 * moves money can be made with no mail account anywhere, and still never reaches its maker's answer.
 */
describe('the sandbox mailbox (sandbox mode, no SMTP_URL)', async () => {
  const outbox = new LocalOutbox();
  const server = await teamConsole({ outbox, publicOrigin: 'https://console.example' });
  afterAll(() => server.close());

  it('a support member mails a link that moves money to an existing payee: it waits in the mailbox, not in the answer', async () => {
    const config = await (await server.app.request('/config.json')).json();
    expect(config).toMatchObject({ mail: true, mailbox: MAILBOX_PATH });
    const tenant = await server.tenant({});
    const member = tenant.members.find((m) => m.role === 'support') as MemberCredentials;
    const support = caller(server.app, await server.signIn(member));
    const userId = tenant.users[0]?.id ?? '';
    const email = (
      await caller(server.app, basic(tenant.client_id, tenant.api_key)).get(`/v2/users/${userId}`)
    ).body.email as string;

    const mailed = await support.post(
      '/v2/flows',
      { user_id: userId, steps: ['compliance', 'manage-payouts'] },
      { 'X-Console-Delivery': 'email' },
    );
    expect(mailed.status, mailed.text).toBe(200);
    expect(mailed.body.link).toBeUndefined();
    expect(mailed.body.delivery).toEqual({ delivery: 'email', to: email });

    const page = await server.app.request(MAILBOX_PATH);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sandbox mailbox');
    expect(html).toContain(`To ${email}`);
    expect(html).toMatch(/href="https:\/\/console\.example\/flow\/[\w-]+"/);
    // Anyone who reaches the sandbox reads it: the link counts as one its maker could have seen.
    const row = await server.team.database.db
      .selectFrom('flow_links')
      .select('payee_only')
      .where('flow_id', '=', mailed.body.id)
      .executeTakeFirstOrThrow();
    expect(row.payee_only).toBe(0);
  });
});

it('keeps the newest messages, newest first, and shows their text as text', async () => {
  const outbox = new LocalOutbox();
  for (let i = 0; i < OUTBOX_LIMIT + 5; i++)
    await outbox.send({ to: `p${i}@example.com`, subject: `n${i}`, text: '' });
  expect(outbox.messages()).toHaveLength(OUTBOX_LIMIT);
  expect(outbox.messages()[0]?.subject).toBe(`n${OUTBOX_LIMIT + 4}`);
  const page = mailboxPage([
    {
      id: 1,
      to: 'a@example.com',
      subject: '<script>x</script>',
      text: 'see javascript:alert(1)',
      sentAt: '2026-01-01T00:00:00Z',
    },
  ]);
  expect(page).not.toContain('<script>');
  expect(page).not.toContain('href="javascript');
});
