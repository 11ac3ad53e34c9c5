// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from './credentials';
import { listTransfersSince } from './transfers';

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

const transfer = (id: string) => ({ id, amount: 100, status: 'completed' });

/** A service whose pages are `pages`, in order, whatever the cursor. */
function pagesOf(pages: { data: { id: string }[]; has_more: boolean }[]) {
  let next = 0;
  return vi.fn(
    async () => new Response(JSON.stringify(pages[Math.min(next++, pages.length - 1)]), { status: 200 }),
  );
}

describe('listTransfersSince()', () => {
  it('follows the cursor page by page until the service says there is no more', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const fetchMock = pagesOf([
      { data: [transfer('a'), transfer('b')], has_more: true },
      { data: [transfer('c')], has_more: false },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    const { transfers, complete } = await listTransfersSince('2026-11-22T00:00:00.000Z');
    expect(transfers.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(complete).toBe(true);
    expect(String((fetchMock.mock.calls[1] as unknown[] | undefined)?.[0])).toContain('starting_after=b');
  });

  it('stops at the limit, and where the cursor does not move, saying the read is not complete', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const stuck = pagesOf([{ data: [transfer('a')], has_more: true }]);
    vi.stubGlobal('fetch', stuck);
    expect(await listTransfersSince('2026-11-22T00:00:00.000Z')).toMatchObject({ complete: false });
    expect(stuck).toHaveBeenCalledTimes(2);

    const endless = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: [transfer(crypto.randomUUID())], has_more: true }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', endless);
    const read = await listTransfersSince('2026-11-22T00:00:00.000Z', 3);
    expect(read).toMatchObject({ complete: false });
    expect(read.transfers).toHaveLength(3);
  });
});
