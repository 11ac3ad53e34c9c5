import { parseDollars } from './money';
import { z } from './zod';

/**
 * Dollars as a person types them, read into whole cents by their digits (money.ts, parseDollars); what does not read
 * is said at the field in parseDollars' words. `cents` is the rule the cents then obey, the service's own where it has
 * one (lib/requests/*), so that a form refuses at the field what the service would refuse.
 */
export function dollarsField(cents: z.ZodType<number, number> = z.int()) {
  return z
    .string()
    .transform((text, ctx) => {
      const parsed = parseDollars(text);
      if (parsed.ok) return parsed.cents;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .pipe(cents);
}
