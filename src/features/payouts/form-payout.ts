import type { PayoutMethod } from '../../api/schemas';
import { payoutRailOf } from '../../lib/payout-methods';
import type { Payout } from '../../lib/payout-request';
import { isUuid } from '../../lib/uuid';
import type { PayoutFormValues } from './payout-form-schema';

/** A method's value in the form: its id, or its kind and place where the service gives it none. */
export const methodKey = (method: PayoutMethod, index: number) => method.id ?? `${method.platform}-${index}`;

/** The value of "their default method": the service chooses among the payee's methods. */
export const DEFAULT_METHOD = 'default';

/**
 * The methods a payout can go to: the rails the console knows; a bank account only with an id to name it by (the
 * vendor takes a bank account's id, a UUID, and nothing else).
 */
export function payableMethods(methods: readonly PayoutMethod[] | undefined): PayoutMethod[] {
  return (methods ?? []).filter((method) => {
    const rail = payoutRailOf(method.platform);
    return rail !== null && (rail !== 'ach' || isUuid(method.id ?? ''));
  });
}

/** The payee's default method, where the service marks it. */
export function defaultMethodOf(methods: readonly PayoutMethod[] | undefined): PayoutMethod | undefined {
  return methods?.find((method) => method.is_default);
}

export type PayoutOfForm =
  /** The payout, and the method it goes to where one is known (the default one may be unmarked upstream). */
  | { ok: true; payout: Payout; method: PayoutMethod | undefined; byDefault: boolean }
  /** The chosen method is no longer among the payee's (read again since): chosen again at its field. */
  | { ok: false; field: 'methodId'; message: string };

/**
 * Validated form values -> the payout they ask for (lib/payout-request.ts makes its body, as for a file's row): the
 * payee's id trimmed and lower-cased, the amount in cents (checked against the wallet by the page), the method chosen
 * among the payee's saved ones (by default, the service chooses), the reference as metadata.reference when given.
 */
export function payoutOfForm(
  values: PayoutFormValues,
  { cents, methods }: { cents: number; methods: readonly PayoutMethod[] | undefined },
): PayoutOfForm {
  const byDefault = values.methodId === DEFAULT_METHOD;
  const method = byDefault
    ? defaultMethodOf(methods)
    : payableMethods(methods).find((m, index) => methodKey(m, index) === values.methodId);
  if (!method && !byDefault) return { ok: false, field: 'methodId', message: 'Choose where the money goes' };
  const platform = byDefault ? 'default' : ((method && payoutRailOf(method.platform)) ?? 'default');
  const reference = values.reference.trim();
  return {
    ok: true,
    payout: {
      userId: values.userId.trim().toLowerCase(),
      cents,
      method: { platform, accountId: method?.id ?? undefined },
      metadata: reference ? { reference } : {},
    },
    method,
    byDefault,
  };
}
