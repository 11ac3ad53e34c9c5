// @vitest-environment jsdom
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatePaymentRequest } from '../../api/payments';
import type { Transfer } from '../../api/schemas';
import { type ShownRequest, watchRequest } from './use-payment-submission';

const DELAY = 150;
const BODY = { amount: 100, platform: 'ach' } as CreatePaymentRequest;
const TRANSFER = { id: 't1', status: 'created', amount: 100 } as Transfer;

/** A request whose answer the test gives when it wants, watched as the review dialog watches it. */
function setUp() {
  let answer: { resolve: (t: Transfer) => void; reject: (e: Error) => void } | undefined;
  const request = new MutationObserver<Transfer, Error, CreatePaymentRequest>(new QueryClient(), {
    mutationFn: () =>
      new Promise<Transfer>((resolve, reject) => {
        answer = { resolve, reject };
      }),
    retry: 0,
  });
  const shown: ShownRequest[] = [];
  const stop = watchRequest(request, DELAY, { sending: false, error: null }, (state) => shown.push(state));
  const send = () => {
    request.mutate(BODY).catch(() => {});
  };
  return { request, shown, stop, send, answer: () => answer };
}

describe('what the review dialog shows of a payment request', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('an answer within the delay goes straight to its result: never shown as sending', async () => {
    const { shown, send, answer } = setUp();
    send();
    await vi.advanceTimersByTimeAsync(DELAY - 50);
    answer()?.resolve(TRANSFER);
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(shown).toEqual([]);
  });

  it('a request that takes longer is shown as sending from the delay on, until its answer', async () => {
    const { request, shown, send, answer } = setUp();
    send();
    await vi.advanceTimersByTimeAsync(DELAY - 10);
    expect(request.getCurrentResult().isPending).toBe(true); // what the guards read meanwhile
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(shown).toEqual([{ sending: true, error: null }]);
    answer()?.resolve(TRANSFER);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown.at(-1)).toEqual({ sending: false, error: null });
  });

  it('an error shows at once, and a new attempt clears it at once', async () => {
    const { shown, send, answer } = setUp();
    send();
    await vi.advanceTimersByTimeAsync(1);
    const refused = new Error('Ledger offline');
    answer()?.reject(refused);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual([{ sending: false, error: refused }]);
    send();
    await vi.advanceTimersByTimeAsync(1);
    expect(shown.at(-1)).toEqual({ sending: false, error: null });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(shown.at(-1)).toEqual({ sending: true, error: null });
  });

  it('stops following when the dialog goes: no late "sending" after it', async () => {
    const { shown, send, stop } = setUp();
    send();
    await vi.advanceTimersByTimeAsync(1);
    stop();
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(shown).toEqual([]);
  });

  it('starts from the state at subscription: a request already out is shown as sending', async () => {
    const request = new MutationObserver<Transfer, Error, CreatePaymentRequest>(new QueryClient(), {
      mutationFn: () => new Promise<Transfer>(() => {}),
    });
    request.mutate(BODY).catch(() => {});
    await vi.advanceTimersByTimeAsync(1);
    const shown: ShownRequest[] = [];
    watchRequest(request, DELAY, { sending: false, error: null }, (state) => shown.push(state));
    expect(shown).toEqual([{ sending: true, error: null }]);
  });
});
