import { MutationObserver, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { session } from '../../api/credentials';
import { type CreatePaymentRequest, createPaymentMutation } from '../../api/payments';
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

/** The request in flight (or its outcome): only what shows it, the review dialog, re-renders when it changes. */
export type PaymentRequestState = MutationObserver<Transfer, Error, CreatePaymentRequest>;

/** What the review dialog shows of the request. */
export interface ShownRequest {
  sending: boolean;
  error: Error | null;
}

/**
 * How long a request runs before the dialog shows it as sending. An answer within this time goes straight to its
 * result (the transfer's page, or the error), without a busy button flashing up and away in between, and without
 * the work of drawing one while the answer is waiting to be handled.
 */
export const SHOW_SENDING_AFTER_MS = 150;

function shownNow(request: PaymentRequestState): ShownRequest {
  const result = request.getCurrentResult();
  return { sending: result.isPending, error: result.error ?? null };
}

/**
 * Follows `request` for display, starting from what is `shown` now: an error at once (and a new attempt clears it
 * at once); "sending" only once the request has run for `delayMs`. Guards that must not wait (closing the dialog
 * mid-request) read `request.getCurrentResult().isPending` instead. Returns the unsubscribe.
 */
export function watchRequest(
  request: PaymentRequestState,
  delayMs: number,
  shown: ShownRequest,
  show: (state: ShownRequest) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: ShownRequest) => {
    if (next.sending === shown.sending && next.error === shown.error) return;
    shown = next;
    show(next);
  };
  set(shownNow(request)); // anything that changed between the render and this subscription
  const unsubscribe = request.subscribe((result) => {
    if (result.isPending) {
      set({ sending: shown.sending, error: null });
      timer ??= setTimeout(() => {
        timer = undefined;
        set({ sending: true, error: null });
      }, delayMs);
    } else {
      clearTimeout(timer);
      timer = undefined;
      set({ sending: false, error: result.error ?? null });
    }
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

export function usePaymentRequestState(request: PaymentRequestState): ShownRequest {
  const [shown, setShown] = useState(() => shownNow(request));
  const shownAtSubscribe = useRef(shown);
  useEffect(
    () => watchRequest(request, SHOW_SENDING_AFTER_MS, shownAtSubscribe.current, setShown),
    [request],
  );
  return shown;
}

interface Callbacks {
  onCreated: (transfer: Transfer) => void;
  /** The service answered with a refusal (4xx): nothing was created. */
  onRefused: (error: ApiError) => void;
}

/**
 * Money moves once. The idempotency key belongs to one request body: made when the review opens, shown there, put
 * into metadata.console_request_id, and reused by every resend of that body. A confirm while a request is in flight
 * sends nothing. When the answer is lost, the outcome is unknown: `checkAgain` looks the payment up by its key
 * first, and resends (with the same key) only to a server known to honour it, the sandbox; never blindly upstream.
 */
export function usePaymentSubmission({ onCreated, onRefused }: Callbacks) {
  const queryClient = useQueryClient();
  // An observer, not useMutation: useMutation would re-render the whole form when the request starts and ends (a
  // fifth of the time from Confirm to the rendered transfer), though only the dialog shows it.
  const [createPayment] = useState<PaymentRequestState>(
    () => new MutationObserver(queryClient, createPaymentMutation),
  );
  // The callbacks of mutate() run only while someone listens: while this page is mounted, as with useMutation.
  useEffect(() => createPayment.subscribe(() => {}), [createPayment]);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const [unknown, setUnknown] = useState<{ values: PaymentFormValues; key: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkMessage, setCheckMessage] = useState<string | null>(null);

  const operator = () => {
    const state = session.get();
    return state.status === 'active' ? state.credentials.operator : undefined;
  };

  /** The key for these values: the same as last time if the body is the same, else a new one. */
  const keyFor = (values: PaymentFormValues): string => {
    const body = JSON.stringify(toPaymentRequest(values, { operator: operator() }));
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    return attempt.current.key;
  };

  const send = (values: PaymentFormValues, key: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setCheckMessage(null);
    const body = toPaymentRequest(values, { idempotencyKey: key, operator: operator() });
    const sent = createPayment.mutate(body, {
      onSuccess: (transfer) => {
        attempt.current = null;
        setUnknown(null);
        onCreated(transfer);
      },
      onError: (error) => {
        if (isOutcomeUnknown(error)) setUnknown({ values, key });
        else if (error instanceof ApiError && error.status >= 400 && error.status < 500) onRefused(error);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
    // The outcome is handled by the callbacks above; the promise would otherwise be an unhandled rejection.
    sent.catch(() => {});
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
        attempt.current = null;
        setUnknown(null);
        onCreated(found);
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
    /** Read by the dialog through usePaymentRequestState. */
    request: createPayment,
    checking,
    unknown: unknown !== null,
    checkMessage,
  };
}
