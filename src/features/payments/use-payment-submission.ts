import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { session } from '../../api/credentials';
import { useCreatePayment } from '../../api/payments';
import { runtimeConfigQuery } from '../../api/runtime-config';
import type { Transfer } from '../../api/schemas';
import { findByConsoleRequestId } from '../../api/transfers';
import { recordActivity } from '../activity/activity-log';
import type { PaymentFormValues } from './payment-form-schema';
import { toPaymentRequest } from './to-payment-request';

/** No answer, or a gateway that gave up: the payment may or may not exist. */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.status === 502 || error.status === 504);
}

interface Callbacks {
  onCreated: (transfer: Transfer) => void;
  /** The service answered with a refusal (4xx): nothing was created. */
  onRefused: (error: ApiError) => void;
}

function operator(): string | undefined {
  const state = session.get();
  return state.status === 'active' ? state.credentials.operator : undefined;
}

/**
 * Money moves once. The idempotency key belongs to one request body: made when the review opens, shown there, put
 * into metadata.console_request_id, and reused by every resend of that body. A confirm while a request is in flight
 * sends nothing. When the answer is lost, the outcome is unknown: `checkAgain` looks the payment up by its key
 * first, and resends (with the same key) only to a server known to honour it, the sandbox; never blindly upstream.
 */
export function usePaymentSubmission({ onCreated, onRefused }: Callbacks) {
  const queryClient = useQueryClient();
  const createPayment = useCreatePayment();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const [unknown, setUnknown] = useState<{ values: PaymentFormValues; key: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkMessage, setCheckMessage] = useState<string | null>(null);

  /** The key for these values: the same as last time if the body is the same, else a new one. */
  const keyFor = (values: PaymentFormValues): string => {
    const body = JSON.stringify(toPaymentRequest(values, { operator: operator() }));
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    return attempt.current.key;
  };

  const created = (transfer: Transfer) => {
    attempt.current = null;
    setUnknown(null);
    onCreated(transfer);
  };

  const send = (values: PaymentFormValues, key: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setCheckMessage(null);
    createPayment.mutate(toPaymentRequest(values, { idempotencyKey: key, operator: operator() }), {
      onSuccess: created,
      onError: (error) => {
        if (isOutcomeUnknown(error)) setUnknown({ values, key });
        else if (error instanceof ApiError && error.status >= 400 && error.status < 500) onRefused(error);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const checkAgain = async () => {
    if (!unknown || checking || inFlight.current) return;
    setChecking(true);
    setCheckMessage(null);
    try {
      const userId = unknown.values.payer === 'user' ? unknown.values.userId.trim().toLowerCase() : undefined;
      const found = await findByConsoleRequestId(unknown.key, userId);
      if (found) {
        // The answer was lost, so no mutation succeeded: the activity log learns of the payment here.
        recordActivity('payments/create', toPaymentRequest(unknown.values, { idempotencyKey: unknown.key }), {
          data: found,
        });
        created(found);
      } else if ((await queryClient.ensureQueryData(runtimeConfigQuery)).mode === 'sandbox') {
        send(unknown.values, unknown.key);
      } else {
        setCheckMessage(
          `No payment with request id ${unknown.key} has arrived yet. Check again in a minute; do not create a new payment until it is resolved.`,
        );
      }
    } catch (error) {
      setCheckMessage(`The look-up failed: ${(error as Error).message}. Check again in a moment.`);
    } finally {
      setChecking(false);
    }
  };

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
    checkAgain,
    sending: createPayment.isPending,
    error: createPayment.error,
    checking,
    unknown: unknown !== null,
    checkMessage,
  };
}
