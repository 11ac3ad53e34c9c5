import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { recordActivity, useDescribedMutation } from '../api/activity-log';
import type { ApiError } from '../api/client';
import { authorOf, session } from '../api/credentials';
import { type MoneyKind, type MoneyRoute, moneyFailureOf } from '../api/money';
import { runtimeConfigQuery } from '../api/runtime-config';
import type { Transfer } from '../api/schemas';
import { type KeyOnReuse, mayResend } from '../lib/money-answer';

interface Callbacks {
  onCreated: (transfer: Transfer) => void;
  /**
   * The service refused it (4xx, or the credentials): nothing was made. Not called when the console server answers
   * that it needs another member's approval (`needsApproval` says so instead).
   */
  onRefused: (error: ApiError) => void;
}

/** The console server's refusal of money above the member's limit (or while they are held): submit it instead. */
const APPROVAL_REQUIRED = 'approval-required';

/** A body ready to send: what the review shows (its key as the request id), what a confirm sends. */
export interface Prepared<TBody> {
  key: string;
  body: TBody;
  route: MoneyRoute;
}

/** Where a submission stands, as its review shows it (MoneyReviewActions). */
export interface SubmissionState {
  /** The request is out. */
  sending: boolean;
  /** A refusal or a rate limit; an unknown outcome is `unknown` instead. */
  error: Error | null;
  /** A look-up of an unknown outcome is under way. */
  checking: boolean;
  /** Why the request got no answer (it may have been made): confirming again is replaced by looking it up. */
  unknown: Error | null;
  /** What the last look-up found, when it found nothing. */
  checkMessage: string | null;
  checkAgain: () => void;
  /**
   * The console server refused this draft as above the member's limit (the daily total moved since the page learnt
   * it): its review offers Submit for approval instead.
   */
  needsApproval: boolean;
}

interface Unknown<TBody> {
  prepared: Prepared<TBody>;
  /** Why no answer came: the network's or the service's words. */
  error: Error;
}

/** What the operator reads when the look-up has not found it yet: whether Check again may send it again, and why. */
function notArrived(noun: string, key: string, keyOnReuse: KeyOnReuse): string {
  const first = `No ${noun} with request id ${key} has arrived yet.`;
  if (!mayResend(keyOnReuse)) {
    return `${first} Check again in a minute; do not create a new ${noun} until it is resolved.`;
  }
  const safe = keyOnReuse === 'replays' ? 'answers with the first' : 'refuses';
  return `${first} Check again: the console looks once more and, if it is still not there, sends it again with the same key, which the service ${safe} if the first one did arrive.`;
}

/**
 * Money moves once, the same way for every page that moves it (a payment, a payout; next a bill, a deposit, a
 * transfer): `kind` says what differs (api/money.ts). The idempotency key belongs to one request body: made when the
 * review opens (`prepare`), shown there, put into metadata.console_request_id, and reused by every resend of that
 * body. A confirm while a request is in flight sends nothing. When no answer comes (a dropped connection, a timeout, a
 * 5xx, a key the service says it has seen), it may have been made: it is looked up by its key at once, and only when
 * it is not found does `checkAgain` look again and then resend it, with the same key, where the service holds the key
 * (lib/money-answer.ts, mayResend); never where it does not.
 */
export function useMoneySubmission<TDraft, TBody>(
  kind: MoneyKind<TDraft, TBody>,
  { onCreated, onRefused }: Callbacks,
) {
  const queryClient = useQueryClient();
  const mutation = useDescribedMutation({
    mutationKey: ['money', kind.noun, 'create'],
    mutationFn: async ({ body, route }: Prepared<TBody>) => (await kind.send(body, route)).transfer,
    activity: ({ body }, transfer) => kind.describe(body, transfer),
  });
  const attempt = useRef<{ draft: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const [unknown, setUnknown] = useState<Unknown<TBody> | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkMessage, setCheckMessage] = useState<string | null>(null);
  const [needsApproval, setNeedsApproval] = useState(false);

  /** The key for this draft and route: the same as last time if they are the same, else a new one. */
  const keyFor = (draft: TDraft, route: MoneyRoute): string => {
    const text = JSON.stringify([draft, route]);
    if (attempt.current?.draft !== text) {
      attempt.current = { draft: text, key: kind.keyFor?.(draft) ?? crypto.randomUUID() };
    }
    return attempt.current.key;
  };

  const created = (transfer: Transfer) => {
    attempt.current = null;
    setUnknown(null);
    onCreated(transfer);
  };

  /** Looks it up by its key; not there, resends it when asked to (`resend`) where that is safe, else says so. */
  const lookUp = async (pending: Unknown<TBody>, resend: boolean) => {
    setChecking(true);
    setCheckMessage(null);
    try {
      const found = await kind.findByKey(pending.prepared.body);
      if (found) {
        // The answer was lost, so no mutation succeeded: the activity log learns of it here.
        recordActivity(kind.describe(pending.prepared.body, found));
        created(found);
        return;
      }
      const { mode } = await queryClient.ensureQueryData(runtimeConfigQuery);
      if (resend && mayResend(kind.keyOnReuse[mode])) send(pending.prepared);
      else setCheckMessage(notArrived(kind.noun, pending.prepared.key, kind.keyOnReuse[mode]));
    } catch (error) {
      setCheckMessage(`The look-up failed: ${(error as Error).message}. Check again in a moment.`);
    } finally {
      setChecking(false);
    }
  };

  function send(prepared: Prepared<TBody>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setCheckMessage(null);
    mutation.mutate(prepared, {
      onSuccess: created,
      onError: (error) => {
        inFlight.current = false;
        const failure = moneyFailureOf(error);
        if (failure.kind === 'unknown') {
          const pending = { prepared, error: failure.error };
          setUnknown(pending);
          void lookUp(pending, false);
        } else if (failure.kind === 'refused' && failure.error.code === APPROVAL_REQUIRED) {
          setNeedsApproval(true);
          void queryClient.invalidateQueries({ queryKey: ['approvals', 'policy'] });
        } else if (failure.kind === 'refused' || failure.kind === 'signedOut') onRefused(failure.error);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  }

  return {
    /**
     * For a review about to open: the body of this draft, with its key. A different draft (or route) starts afresh;
     * the same one keeps its key and an unknown outcome (so that going Back and reviewing again never becomes a
     * blind second request).
     */
    prepare: (draft: TDraft, route: MoneyRoute = {}): Prepared<TBody> => {
      const previous = attempt.current?.key;
      const key = keyFor(draft, route);
      mutation.reset();
      setCheckMessage(null);
      if (unknown && unknown.prepared.key !== key) setUnknown(null);
      // The server's verdict holds for the draft it was given; another draft is judged afresh.
      if (key !== previous) setNeedsApproval(false);
      return {
        key,
        body: kind.bodyOf(draft, { idempotencyKey: key, operator: authorOf(session.credentials()) }),
        route,
      };
    },
    confirm: (prepared: Prepared<TBody>) => send(prepared),
    checkAgain: () => {
      if (unknown && !checking && !inFlight.current) void lookUp(unknown, true);
    },
    sending: mutation.isPending,
    /** A refusal or a rate limit, shown at the review; an unknown outcome is `unknown` instead. */
    error: unknown ? null : mutation.error,
    checking,
    unknown: unknown?.error ?? null,
    checkMessage,
    needsApproval,
  };
}
