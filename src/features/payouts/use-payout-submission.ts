import { useRef, useState } from 'react';
import { recordActivity, useDescribedMutation } from '../../api/activity-log';
import type { ApiError } from '../../api/client';
import { moneyFailureOf } from '../../api/money';
import { createPayout } from '../../api/payouts';
import type { Transfer } from '../../api/schemas';
import { findTransferByKey } from '../../api/transfers';
import { formatCents } from '../../lib/money';
import type { CreatePayoutRequest } from '../../lib/payout-request';

interface Callbacks {
  onCreated: (transfer: Transfer) => void;
  /** The service refused it (4xx, or the credentials): nothing was paid. */
  onRefused: (error: ApiError) => void;
}

const describe = (body: CreatePayoutRequest, transfer?: Transfer) => ({
  action: 'Payout sent',
  subject: transfer?.id ?? '',
  details: `${formatCents(body.amount)} to user ${body.user_id} (${body.platform})`,
});

/**
 * A payout is paid once. Its key (a UUID) is made when the review opens and kept for that body. The vendor refuses a
 * key it has seen rather than answering the first payout again, so after an unknown outcome (no answer, a 5xx) the
 * payout is looked up by its key first; only when it is not there is the same body sent again, which is then safe
 * everywhere: a payout that did arrive meanwhile makes the service refuse the resend, and the look-up finds it.
 */
export function usePayoutSubmission({ onCreated, onRefused }: Callbacks) {
  const send = useDescribedMutation({
    mutationKey: ['payouts', 'create'],
    mutationFn: ({ body, appId }: { body: CreatePayoutRequest; appId: string }) =>
      createPayout(body, { appId }),
    activity: ({ body }, transfer) => describe(body, transfer),
  });
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const [unknown, setUnknown] = useState<{ body: CreatePayoutRequest; appId: string; error: Error } | null>(
    null,
  );
  const [checking, setChecking] = useState(false);
  const [checkMessage, setCheckMessage] = useState<string | null>(null);

  /** The key for this draft: the same as last time if the draft is the same, else a new one. */
  const keyFor = (draft: unknown): string => {
    const body = JSON.stringify(draft);
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    return attempt.current.key;
  };

  const created = (transfer: Transfer) => {
    attempt.current = null;
    setUnknown(null);
    onCreated(transfer);
  };

  const lookUp = async (body: CreatePayoutRequest, appId: string, thenResend: boolean) => {
    setChecking(true);
    setCheckMessage(null);
    try {
      const found = await findTransferByKey(body.idempotency_key, { userId: body.user_id, type: 'payout' });
      if (found) {
        // The answer was lost, so no mutation succeeded: the activity log learns of the payout here.
        recordActivity(describe(body, found));
        created(found);
      } else if (thenResend) submit(body, appId);
      else
        setCheckMessage(
          `No payout with request id ${body.idempotency_key} has arrived yet. Check again: the console looks once more and, if it is still not there, sends it again with the same key, which the service refuses if the first one did arrive.`,
        );
    } catch (error) {
      setCheckMessage(`The look-up failed: ${(error as Error).message}. Check again in a moment.`);
    } finally {
      setChecking(false);
    }
  };

  function submit(body: CreatePayoutRequest, appId: string) {
    if (inFlight.current) return;
    inFlight.current = true;
    setCheckMessage(null);
    send.mutate(
      { body, appId },
      {
        onSuccess: created,
        onError: (error) => {
          inFlight.current = false;
          const failure = moneyFailureOf(error);
          // Unknown includes a key the service has seen: this very payout arrived before and its answer was lost.
          if (failure.kind === 'unknown') {
            setUnknown({ body, appId, error: failure.error });
            void lookUp(body, appId, false);
          } else if (failure.kind === 'refused' || failure.kind === 'signedOut') onRefused(failure.error);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  }

  return {
    /** The key a review of this draft (what the operator chose) shows and sends: a new draft, a new key. */
    prepare: (draft: unknown): string => {
      const key = keyFor(draft);
      send.reset();
      setCheckMessage(null);
      if (unknown && unknown.body.idempotency_key !== key) setUnknown(null);
      return key;
    },
    confirm: (body: CreatePayoutRequest, appId: string) => submit(body, appId),
    checkAgain: () => {
      if (unknown && !checking && !inFlight.current) void lookUp(unknown.body, unknown.appId, true);
    },
    sending: send.isPending,
    error: unknown ? null : send.error,
    checking,
    unknown: unknown?.error ?? null,
    checkMessage,
  };
}
