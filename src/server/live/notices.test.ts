import { afterAll, describe, expect, it } from 'vitest';
import { ensureOrganization } from '../members/members';
import { teamConsole } from '../test/console';
import { noticeMember } from './notices';

interface NoticeList {
  unread: number;
  data: {
    id: string;
    about: { kind: string; id: string };
    status: string | null;
    read: boolean;
    words: string;
    link: string | null;
  }[];
}

describe("a member's notices", async () => {
  const server = await teamConsole();
  afterAll(() => server.close());
  const tenant = await server.tenant();
  const org = await ensureOrganization(server.team.database.db, {
    clientId: tenant.client_id,
    name: 'O',
    sandboxApiKey: null,
  });
  const member = (role: string) => {
    const found = tenant.members.find((m) => m.role === role);
    if (!found) throw new Error(role);
    return found;
  };
  const list = async (authorization: string) => {
    const answer = await server.app.request('/api/team/notices', {
      headers: { Authorization: authorization },
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as NoticeList;
  };
  const markRead = (authorization: string, body?: unknown) =>
    server.app.request('/api/team/notices/read', {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  const tell = (memberId: string, about: 'transfer' | 'approval_request', id: string, status: string) =>
    noticeMember(server.team, { orgId: org.id, memberId, about, id, status });

  it('lists only the member’s own notices, newest first, in words and with a link; marks read only their own', async () => {
    const finance = member('finance');
    const admin = member('admin');
    const [financeAuth, adminAuth] = [await server.signIn(finance), await server.signIn(admin)];
    expect(await tell(finance.id, 'approval_request', 'req_one', 'rejected')).toBe(true);
    expect(await tell(finance.id, 'transfer', 'tr_1a2b3c4d5e', 'failed')).toBe(true);
    expect(await tell(admin.id, 'transfer', 'tr_other', 'returned')).toBe(true);

    const mine = await list(financeAuth);
    expect(mine.unread).toBe(2);
    expect(mine.data.map((n) => n.about.id).sort()).toEqual(['req_one', 'tr_1a2b3c4d5e']);
    expect(mine.data.find((n) => n.about.id === 'tr_1a2b3c4d5e')).toMatchObject({
      read: false,
      words: 'Your transfer 1a2b3c4d: failed',
      link: '/transfers/tr_1a2b3c4d5e',
    });
    expect(mine.data.find((n) => n.about.id === 'req_one')?.link).toBe('/approvals/req_one');
    expect((await list(adminAuth)).data.map((n) => n.about.id)).toEqual(['tr_other']);

    // Naming another member's notice marks nothing of theirs.
    const adminNotice = (await list(adminAuth)).data[0]?.id;
    expect(await (await markRead(financeAuth, { ids: [adminNotice] })).json()).toEqual({ marked: 0 });
    expect((await list(adminAuth)).unread).toBe(1);

    const first = mine.data[0]?.id;
    expect(await (await markRead(financeAuth, { ids: [first] })).json()).toEqual({ marked: 1 });
    expect((await list(financeAuth)).unread).toBe(1);
    expect(await (await markRead(financeAuth)).json()).toEqual({ marked: 1 });
    const after = await list(financeAuth);
    expect(after.unread).toBe(0);
    expect(after.data.every((n) => n.read)).toBe(true);
    expect((await list(adminAuth)).unread).toBe(1);
  });

  it('keeps a notice once per object and status', async () => {
    const viewer = member('viewer');
    expect(await tell(viewer.id, 'transfer', 'tr_twice', 'failed')).toBe(true);
    expect(await tell(viewer.id, 'transfer', 'tr_twice', 'failed')).toBe(false);
    expect(await tell(viewer.id, 'transfer', 'tr_twice', 'returned')).toBe(true);
    const notices = await list(await server.signIn(viewer));
    expect(notices.data.map((n) => n.status).sort()).toEqual(['failed', 'returned']);
  });

  it('refuses without a session', async () => {
    expect((await server.app.request('/api/team/notices')).status).toBe(401);
    expect((await server.app.request('/api/team/notices/read', { method: 'POST' })).status).toBe(401);
  });
});
