import { countryCallingCode } from '../phone';
import { UUID_PATTERN } from '../uuid';
import { z } from '../zod';

/** Pieces that several of the vendor's request bodies share, each with the one message it gives. */

export const uuid = z.string().regex(UUID_PATTERN, 'Must be a UUID');

/** The vendor types a payout's metadata as a string or an object. */
export const payoutMetadata = z.union([z.string().max(4096), z.record(z.string(), z.unknown())]);

/** A payee known by their phone: the country calling code and the number's digits. */
export const phonePayee = z
  .object({
    country_code: countryCallingCode,
    phone_number: z.string().regex(/^\d{4,15}$/, 'The digits of the phone number'),
  })
  .strict();

/** The payer's bookkeeping references of a payout (QuickBooks ids). */
export const accountingData = z
  .object({ quickbooks_account_id: z.int().optional(), quickbooks_class_id: z.int().optional() })
  .strict();
