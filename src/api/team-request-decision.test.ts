// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decideTeamRequest } from './approvals';
import { session } from './credentials';

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

/** A change the company's directory asked for (no member proposed it), as the console server lists it. */
const adopted = {
  id: 'req-1',
  kind: 'role',
  description: 'Make Ana (ana@example.com) Viewer',
  proposer: { id: 'mem_admin', name: 'Ada Admin', email: 'ada@example.com' },
  target: { id: 'mem_ana', name: 'Ana', email: 'ana@example.com', role: 'admin', status: 'active' },
  payload: { role: 'viewer', source: 'directory' },
  caution: null,
  status: 'pending',
  decided_by: null,
  reason: null,
  created_at: '2026-12-02T10:00:00.000Z',
  expires_at: '2026-12-09T10:00:00.000Z',
  decided_at: null,
};

describe('decideTeamRequest()', () => {
  it('keeps what a confirmation did: adopted and waiting (202), so the page never says the change was made', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ kind: 'waiting', request: adopted }), { status: 202 })),
    );
    const answer = await decideTeamRequest({ id: 'req-1', decision: 'confirm' });
    expect(answer.kind).toBe('waiting');
    expect(answer.request?.status).toBe('pending');
  });

  it('keeps a confirmation that applied as applied', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const applied = { ...adopted, status: 'applied', decided_at: '2026-12-02T11:00:00.000Z' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ kind: 'applied', request: applied }), { status: 200 })),
    );
    expect((await decideTeamRequest({ id: 'req-1', decision: 'confirm' })).kind).toBe('applied');
  });
});
