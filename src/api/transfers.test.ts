// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from './credentials';
import { findTransferByKey, listTransfersSince } from './transfers';

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

describe('findTransferByKey()', () => {
  it("finds a payment or a payout by the key in its metadata, among its user's transfers of its type", async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: [
              { ...transfer('a'), metadata: { console_request_id: 'other' } },
              { ...transfer('b'), metadata: { console_request_id: 'key-1' } },
              { ...transfer('c'), type: 'payout', metadata: { console_request_id: 'key-2' } },
            ],
            has_more: false,
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect((await findTransferByKey('key-1', { userId: 'u-1' }))?.id).toBe('b');
    expect(String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0])).toContain('user_id=u-1');
    expect((await findTransferByKey('key-2', { userId: 'u-1', type: 'payout' }))?.id).toBe('c');
    expect(String((fetchMock.mock.calls[1] as unknown[] | undefined)?.[0])).toContain('type=payout');
    expect(await findTransferByKey('key-3')).toBeUndefined();
  });

  it('pages through the transfers until the key is found, not the first page alone, and stops at the bound', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    const page = (ids: string[], has_more: boolean, created = '2026-11-26T12:00:00.000Z') => ({
      data: ids.map((id) => ({
        ...transfer(id),
        type: 'payout',
        created,
        metadata: { console_request_id: `key-${id}` },
      })),
      has_more,
    });
    const since = '2026-11-26T00:00:00.000Z';
    const fetchMock = pagesOf([page(['a', 'b'], true), page(['c', 'd'], true), page(['e'], false)]);
    vi.stubGlobal('fetch', fetchMock);
    expect((await findTransferByKey('key-e', { userId: 'u-1', type: 'payout', since }))?.id).toBe('e');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(String((fetchMock.mock.calls[2] as unknown[] | undefined)?.[0])).toContain('starting_after=d');

    // A page older than the bound is the last read.
    const older = pagesOf([
      page(['a'], true),
      page(['b'], true, '2026-11-25T23:59:59.000Z'),
      page(['c'], false),
    ]);
    vi.stubGlobal('fetch', older);
    expect(await findTransferByKey('key-c', { type: 'payout', since })).toBeUndefined();
    expect(older).toHaveBeenCalledTimes(2);

    // Without a bound the look-up reads back a day from now: a page made now is within it, whatever today is.
    const stuck = pagesOf([page(['a'], true, new Date().toISOString())]);
    vi.stubGlobal('fetch', stuck);
    expect(await findTransferByKey('key-z', { type: 'payout' })).toBeUndefined();
    expect(stuck).toHaveBeenCalledTimes(2);
  });
});
