import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { recordActivity } from '../../api/activity-log';
import type { ApiError } from '../../api/client';
import { authorOf, session } from '../../api/credentials';
import { moneyFailureOf } from '../../api/money';
import { describePayment, useCreatePayment } from '../../api/payments';
import { runtimeConfigQuery } from '../../api/runtime-config';
import type { Transfer } from '../../api/schemas';
import { findTransferByKey } from '../../api/transfers';
import { toPaymentRequest } from '../../lib/payment-request';
import { paymentOfForm } from './form-payment';
import type { PaymentFormValues } from './payment-form-schema';

interface Callbacks {
  onCreated: (transfer: Transfer) => void;
  /** The service refused it (4xx, or the credentials): nothing was created. */
  onRefused: (error: ApiError) => void;
}

interface Unknown {
  values: PaymentFormValues;
  key: string;
  /** Why no answer came: the network's or the service's words. */
  error: Error;
}

const requestOf = (values: PaymentFormValues, key?: string) =>
  toPaymentRequest(paymentOfForm(values), { idempotencyKey: key, operator: authorOf(session.credentials()) });

/**
 * Money moves once. The idempotency key belongs to one request body: made when the review opens, shown there, put
 * into metadata.console_request_id, and reused by every resend of that body. A confirm while a request is in flight
 * sends nothing. When no answer comes (a dropped connection, a timeout, a 5xx), the payment may exist: it is looked
 * up by its key at once, and only when it is not found does `checkAgain` offer to look again and then resend (with
 * the same key) where the service is known to honour it, the sandbox; never blindly upstream.
 */
export function usePaymentSubmission({ onCreated, onRefused }: Callbacks) {
  const queryClient = useQueryClient();
  const createPayment = useCreatePayment();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const [unknown, setUnknown] = useState<Unknown | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkMessage, setCheckMessage] = useState<string | null>(null);

  /** The key for these values: the same as last time if the body is the same, else a new one. */
  const keyFor = (values: PaymentFormValues): string => {
    const body = JSON.stringify(requestOf(values));
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    return attempt.current.key;
  };

  const created = (transfer: Transfer) => {
    attempt.current = null;
    setUnknown(null);
    onCreated(transfer);
  };

  /** Looks the payment up by its key; not there, resends it where that is safe (`resend`), else says so. */
  const lookUp = async (pending: Unknown, resend: boolean) => {
    setChecking(true);
    setCheckMessage(null);
    try {
      const userId = pending.values.payer === 'user' ? pending.values.userId.trim().toLowerCase() : undefined;
      const found = await findTransferByKey(pending.key, { userId });
      if (found) {
        // The answer was lost, so no mutation succeeded: the activity log learns of the payment here.
        recordActivity(describePayment(requestOf(pending.values, pending.key), found));
        created(found);
      } else if (resend && (await queryClient.ensureQueryData(runtimeConfigQuery)).mode === 'sandbox') {
        send(pending.values, pending.key);
      } else {
        setCheckMessage(
          `No payment with request id ${pending.key} has arrived yet. Check again in a minute; do not create a new payment until it is resolved.`,
        );
      }
    } catch (error) {
      setCheckMessage(`The look-up failed: ${(error as Error).message}. Check again in a moment.`);
    } finally {
      setChecking(false);
    }
  };

  function send(values: PaymentFormValues, key: string) {
    if (inFlight.current) return;
    inFlight.current = true;
    setCheckMessage(null);
    createPayment.mutate(requestOf(values, key), {
      onSuccess: created,
      onError: (error) => {
        const failure = moneyFailureOf(error);
        if (failure.kind === 'unknown') {
          const pending = { values, key, error: failure.error };
          setUnknown(pending);
          inFlight.current = false;
          void lookUp(pending, false);
        } else if (failure.kind === 'refused' || failure.kind === 'signedOut') onRefused(failure.error);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  }

  return {
    /**
     * For a review about to open: the key of these values. A different body starts afresh; the same body keeps an
     * unknown outcome (so that going Back and reviewing again never becomes a blind second payment).
     */
    prepare: (values: PaymentFormValues): string => {
      const key = keyFor(values);
      createPayment.reset();
      setCheckMessage(null);
      if (unknown && unknown.key !== key) setUnknown(null);
      return key;
    },
    confirm: (values: PaymentFormValues) => send(values, keyFor(values)),
    /** The exact body a confirm would send (its key included): what an approval request holds. */
    bodyFor: (values: PaymentFormValues) => requestOf(values, keyFor(values)),
    checkAgain: () => {
      if (unknown && !checking && !inFlight.current) void lookUp(unknown, true);
    },
    sending: createPayment.isPending,
    /** A refusal or a rate limit, shown at the review; an unknown outcome is `unknown` instead. */
    error: unknown ? null : createPayment.error,
    checking,
    unknown: unknown?.error ?? null,
    checkMessage,
  };
}
