import { z } from 'zod';

/**
 * What the console reads from the service. Strict where the console relies on a value (ids, amounts, statuses),
 * tolerant where the real service is loose: unknown fields pass, optional fields may be missing or null, an amount
 * may arrive as an integer string, metadata may be a string, an object or null.
 */

/** Integer cents, as a number or an integer string. */
export const centsSchema = z.union([
  z.int(),
  z
    .string()
    .regex(/^-?\d+$/, 'expected whole cents')
    .transform(Number),
]);

export const metadataSchema = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish();

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  balance: centsSchema.nullish(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const payoutMethodSchema = z.object({
  id: z.string().nullish(),
  platform: z.string(),
  description: z.string().nullish(),
  mask: z.string().nullish(),
  account_type: z.string().nullish(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const runtimeConfigSchema = z.object({
  mode: z.enum(['sandbox', 'upstream']),
  upstream: z.string().optional(),
  production: z.boolean(),
  demo: z.object({ client_id: z.string(), api_key: z.string() }).optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
