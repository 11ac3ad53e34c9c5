// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityLog } from '../api/activity-log';
import { ApiError } from '../api/client';
import type { MoneyKind } from '../api/money';
import { type RuntimeConfig, runtimeConfigQuery } from '../api/runtime-config';
import type { Transfer } from '../api/schemas';
import { useMoneySubmission } from './use-money-submission';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Body {
  amount: number;
  idempotency_key: string;
}

const transfer = (id: string): Transfer => ({ id, amount: 100, status: 'created' });

/** A kind of money whose service is a script: `answers` are what each send gives, in turn; `found`, the look-up. */
function kindOf(keyOnReuse: MoneyKind<number, Body>['keyOnReuse'], answers: (Transfer | Error)[]) {
  const sent: Body[] = [];
  let found: Transfer | undefined;
  const kind: MoneyKind<number, Body> = {
    noun: 'payout',
    bodyOf: (amount, { idempotencyKey }) => ({ amount, idempotency_key: idempotencyKey }),
    keyOf: (body) => body.idempotency_key,
    send: async (body) => {
      sent.push(body);
      const answer = answers.shift() ?? new Error('no answer scripted');
      if (answer instanceof Error) throw answer;
      return { transfer: answer, replayed: false };
    },
    findByKey: vi.fn(async () => found),
    keyOnReuse,
    describe: (body, made) => ({ action: 'Sent', subject: made?.id ?? '', details: `${body.amount}` }),
  };
  return { kind, sent, arrive: (t: Transfer) => (found = t) };
}

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

/** The hook mounted in a page of its own, against a console server in `mode`. */
function mount(kind: MoneyKind<number, Body>, mode: RuntimeConfig['mode']) {
  const client = new QueryClient();
  client.setQueryData(runtimeConfigQuery.queryKey, {
    mode,
    production: false,
    team: true,
    idle_timeout_ms: 1000,
    request_timeout_ms: 1000,
  });
  const created: Transfer[] = [];
  const refused: ApiError[] = [];
  const hook: { current: ReturnType<typeof useMoneySubmission<number, Body>> | null } = { current: null };
  function Page() {
    hook.current = useMoneySubmission(kind, {
      onCreated: (made) => created.push(made),
      onRefused: (error) => refused.push(error),
    });
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Page))));
  unmounts.push(() => act(() => root.unmount()));
  const current = () => hook.current as NonNullable<typeof hook.current>;
  /** Runs `step`, then lets the page settle (answers, look-ups, renders). */
  const run = async (step: () => void) => {
    await act(async () => {
      step();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
  };
  return { current, run, created, refused };
}

const noAnswer = () => new ApiError(502, 'bad-gateway', 'The service did not answer');

describe('the one money submission', () => {
  it('keeps one key per draft: the same draft the same key, another draft another', () => {
    const { kind } = kindOf({ sandbox: 'refused', upstream: 'refused' }, []);
    const page = mount(kind, 'sandbox');
    const prepare = (amount: number, appId: string) => {
      let key = '';
      act(() => {
        key = page.current().prepare(amount, { appId }).key;
      });
      return key;
    };
    const first = prepare(2500, 'a');
    expect(prepare(2500, 'a')).toBe(first);
    expect(page.current().prepare(2500, { appId: 'a' })).toEqual({
      key: first,
      body: { amount: 2500, idempotency_key: first },
      route: { appId: 'a' },
    });
    expect(prepare(2500, 'b')).not.toBe(first);
    expect(prepare(2600, 'b')).not.toBe(first);
  });

  it('takes the key a kind derives from its draft (a bill and its attempt), the same on any page', () => {
    const { kind } = kindOf({ sandbox: 'replays', upstream: 'refused' }, []);
    const derived = { ...kind, keyFor: (amount: number) => `bill-b1-attempt-${amount}` };
    const one = mount(derived, 'sandbox');
    const other = mount(derived, 'sandbox');
    expect(one.current().prepare(1).key).toBe('bill-b1-attempt-1');
    expect(other.current().prepare(1)).toMatchObject({
      key: 'bill-b1-attempt-1',
      body: { idempotency_key: 'bill-b1-attempt-1' },
    });
    expect(one.current().prepare(2).key).toBe('bill-b1-attempt-2');
  });

  it("takes the server's need of an approval to itself: the review offers it for that draft, not for another", async () => {
    const needed = new ApiError(403, 'approval-required', 'Above your approval limit');
    const { kind } = kindOf({ sandbox: 'refused', upstream: 'refused' }, [needed]);
    const page = mount(kind, 'sandbox');
    const prepared = page.current().prepare(250_000);
    await page.run(() => page.current().confirm(prepared));
    expect(page.current().needsApproval).toBe(true);
    expect(page.refused).toEqual([]);
    expect(page.current().error).toBe(needed);
    act(() => {
      page.current().prepare(250_000);
    });
    expect(page.current().needsApproval).toBe(true);
    act(() => {
      page.current().prepare(1_000);
    });
    expect(page.current().needsApproval).toBe(false);
  });

  it('sends once for a double confirm, and hands the transfer over', async () => {
    const { kind, sent } = kindOf({ sandbox: 'replays', upstream: 'not-held' }, [transfer('t-1')]);
    const page = mount(kind, 'sandbox');
    const prepared = page.current().prepare(2500);
    await page.run(() => {
      page.current().confirm(prepared);
      page.current().confirm(prepared);
    });
    expect(sent).toHaveLength(1);
    expect(page.created.map((t) => t.id)).toEqual(['t-1']);
  });

  it('where the service does not hold the key, looks up and never sends again', async () => {
    const { kind, sent } = kindOf({ sandbox: 'replays', upstream: 'not-held' }, [
      noAnswer(),
      transfer('t-2'),
    ]);
    const page = mount(kind, 'upstream');
    const prepared = page.current().prepare(2500);
    await page.run(() => page.current().confirm(prepared));
    expect(page.current().unknown?.message).toBe('The service did not answer');
    expect(kind.findByKey).toHaveBeenCalledTimes(1);
    await page.run(() => page.current().checkAgain());
    expect(kind.findByKey).toHaveBeenCalledTimes(2);
    expect(sent).toHaveLength(1);
    expect(page.current().checkMessage).toBe(
      `No payout with request id ${prepared.key} has arrived yet. Check again in a minute; do not create a new payout until it is resolved.`,
    );
  });

  it('where the key replays, sends the same body again once the look-up has not found it', async () => {
    const { kind, sent } = kindOf({ sandbox: 'replays', upstream: 'not-held' }, [
      noAnswer(),
      transfer('t-3'),
    ]);
    const page = mount(kind, 'sandbox');
    const prepared = page.current().prepare(2500);
    await page.run(() => page.current().confirm(prepared));
    expect(page.current().checkMessage).toContain('which the service answers with the first');
    expect(sent).toHaveLength(1);
    await page.run(() => page.current().checkAgain());
    expect(sent).toEqual([prepared.body, prepared.body]);
    expect(page.created.map((t) => t.id)).toEqual(['t-3']);
  });

  it('where the key is refused once used, sends again in either mode, and takes a used key for one that arrived', async () => {
    const { kind, sent } = kindOf({ sandbox: 'refused', upstream: 'refused' }, [noAnswer(), transfer('t-4')]);
    const page = mount(kind, 'upstream');
    const prepared = page.current().prepare(2500, { appId: 'a' });
    await page.run(() => page.current().confirm(prepared));
    expect(page.current().checkMessage).toContain('which the service refuses if the first one did arrive');
    await page.run(() => page.current().checkAgain());
    expect(sent).toEqual([prepared.body, prepared.body]);
    expect(page.created.map((t) => t.id)).toEqual(['t-4']);

    // The first did arrive, its answer lost: the service refuses its key as used, and the look-up finds it.
    const used = new ApiError(409, 'idempotency-key-used', 'This key was used by transfer t-5');
    const again = kindOf({ sandbox: 'refused', upstream: 'refused' }, [used]);
    again.arrive(transfer('t-5'));
    const other = mount(again.kind, 'sandbox');
    await other.run(() => other.current().confirm(other.current().prepare(100)));
    expect(other.refused).toEqual([]);
    expect(other.created.map((t) => t.id)).toEqual(['t-5']);
    expect(activityLog.entries()[0]).toMatchObject({ action: 'Sent', subject: 't-5' });
  });

  it('hands a refusal to the page, and looks nothing up', async () => {
    const { kind } = kindOf({ sandbox: 'refused', upstream: 'refused' }, [
      new ApiError(400, 'invalid-amount', 'Too much'),
    ]);
    const page = mount(kind, 'sandbox');
    await page.run(() => page.current().confirm(page.current().prepare(2500)));
    expect(page.refused.map((e) => e.message)).toEqual(['Too much']);
    expect(kind.findByKey).not.toHaveBeenCalled();
    expect(page.current().unknown).toBeNull();
  });
});
