import type { RefillSettings } from '../../api/ledger';
import { dollarsField } from '../../lib/dollars-field';
import { centsToDecimal, formatCents } from '../../lib/money';
import { appSettingsSchema } from '../../lib/requests/wallets';
import { z } from '../../lib/zod';

/**
 * An app's auto-refill as typed: on or off, and while on, the threshold and the refill amount in dollars, each within
 * the service's bounds (lib/requests/wallets.ts, $10.00 to $10,000.00), said in one sentence at the field. Read, it is
 * the body of the change; while off, what was typed stays in the form (turned on again, it is there) and is not sent.
 */
const refillBounds = appSettingsSchema.shape.refill_amount.unwrap();
const refillDollars = dollarsField(
  z.int().refine((cents) => refillBounds.safeParse(cents).success, {
    message: `Between ${formatCents(1_000)} and ${formatCents(1_000_000)}`,
  }),
);

export const refillFormSchema = z
  .object({ active: z.boolean(), threshold: z.string(), amount: z.string() })
  .transform((values, ctx): RefillSettings => {
    if (!values.active) return { auto_refill_active: false };
    const threshold = refillDollars.safeParse(values.threshold);
    const amount = refillDollars.safeParse(values.amount);
    for (const [path, parsed] of [
      ['threshold', threshold],
      ['amount', amount],
    ] as const) {
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          path: [path],
          message: parsed.error.issues[0]?.message ?? 'Check it',
        });
      }
    }
    if (!threshold.success || !amount.success) return z.NEVER;
    return { auto_refill_active: true, refill_threshold: threshold.data, refill_amount: amount.data };
  });
export type RefillFormValues = z.input<typeof refillFormSchema>;

/** The form as the service's settings are now; empty where the service does not say (upstream). */
export function refillFormOf(
  current:
    | { auto_refill_active?: boolean | null; refill_amount?: number | null; refill_threshold?: number | null }
    | undefined,
): RefillFormValues {
  return {
    active: Boolean(current?.auto_refill_active),
    threshold: current?.refill_threshold ? centsToDecimal(current.refill_threshold) : '',
    amount: current?.refill_amount ? centsToDecimal(current.refill_amount) : '',
  };
}

/** The service's names of the fields, to place its refusals at them. */
export function refillFieldOf(path: string): 'threshold' | 'amount' | undefined {
  return path === 'refill_threshold' ? 'threshold' : path === 'refill_amount' ? 'amount' : undefined;
}
