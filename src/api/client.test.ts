// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from '../lib/zod';
import { ApiError, request } from './client';
import { session } from './credentials';
import { transferSchema } from './schemas';

function answer(status: number, body: string, headers: Record<string, string> = {}) {
  return vi.fn(async (_url: string, _init: RequestInit) => new Response(body || null, { status, headers }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('request()', () => {
  it('sends Basic auth, Api-App-Id and a request id, with no cookies, and parses the answer', async () => {
    session.signIn({ clientId: 'client', apiKey: 'key:with:colons', appId: 'app-1' });
    const fetchMock = answer(200, '{"ok":true,"extra":1}');
    vi.stubGlobal('fetch', fetchMock);
    const result = await request({
      method: 'GET',
      path: '/v2/x',
      query: { a: 1, b: undefined },
      response: z.object({ ok: z.boolean() }),
    });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/v2/x?a=1');
    expect(init.credentials).toBe('omit');
    expect(headers.Authorization).toBe(`Basic ${btoa('client:key:with:colons')}`);
    expect(headers['Api-App-Id']).toBe('app-1');
    expect(headers['X-Request-Id']).toMatch(/^con_[0-9a-f]{32}$/);
  });

  it('turns an error body into an ApiError with field errors and the request id', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    vi.stubGlobal(
      'fetch',
      answer(
        400,
        JSON.stringify({
          success: false,
          error_code: 'validation-failed',
          message: 'Bad',
          errors: [{ path: 'amount', message: 'Too small' }],
        }),
        { 'X-Request-Id': 'req_1' },
      ),
    );
    const error = await request({ method: 'POST', path: '/v2/p', body: {}, response: z.unknown() }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation-failed',
      message: 'Bad',
      requestId: 'req_1',
    });
    expect((error as ApiError).fieldErrors).toEqual({ amount: 'Too small' });
  });

  it('a 401 expires the session (the page stays; a dialog asks to sign in again)', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    vi.stubGlobal('fetch', answer(401, '{"message":"nope"}'));
    await expect(request({ method: 'GET', path: '/v2/x', response: z.unknown() })).rejects.toThrow('nope');
    expect(session.get()).toEqual({
      status: 'expired',
      reason: 'refused',
      clientId: 'c',
      appId: undefined,
      operator: undefined,
    });
    expect(sessionStorage.length).toBe(0);
  });

  it('a network failure is status 0, and a shape the console cannot read is an error, not a crash', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const network = await request({ method: 'GET', path: '/v2/x', response: z.unknown() }).catch((e) => e);
    expect(network).toMatchObject({ status: 0, code: 'network-error', isNetworkError: true });
    vi.stubGlobal('fetch', answer(200, '{"id":5}'));
    const shape = await request({ method: 'GET', path: '/v2/x', response: transferSchema }).catch((e) => e);
    expect(shape).toMatchObject({ code: 'unexpected-response' });
  });

  it('a 200 with an empty body is a success when the schema allows it', async () => {
    session.signIn({ clientId: 'c', apiKey: 'k' });
    vi.stubGlobal('fetch', answer(200, ''));
    await expect(
      request({ method: 'PUT', path: '/v2/x', body: {}, response: z.unknown() }),
    ).resolves.toBeUndefined();
  });
});

describe('response schemas are tolerant where the real service is loose', () => {
  it('reads amounts as integer strings, metadata as a string or null, and missing optional fields', () => {
    const transfer = transferSchema.parse({
      id: 't1',
      status: 'pending',
      amount: '1234',
      metadata: 'free text',
      transactions: [{ id: 1, amount: '50', metadata: null }],
      unknown_field: true,
    });
    expect(transfer.amount).toBe(1234);
    expect(transfer.transactions?.[0]?.amount).toBe(50);
    expect(transfer.metadata).toBe('free text');
    expect(() => transferSchema.parse({ id: 't1', status: 'x', amount: '12.5' })).toThrow();
  });
});
