import { addressSchema } from '../../lib/address';
import { COUNTRY_CODES, regionNames, US_STATES } from '../../lib/countries';
import { isUuid } from '../../lib/uuid';
import { z } from '../../lib/zod';

/** The form checks exactly the server's rules (the same schema), plus the user id the path needs. */
export const addressFormSchema = z.object({
  userId: z.string().refine(isUuid, 'Choose a user: type a name, email, phone or ID'),
  address: addressSchema,
});
export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormOutput = z.output<typeof addressFormSchema>;

export function emptyAddressForm(userId = ''): AddressFormInput {
  return {
    userId,
    address: { line_1: '', line_2: '', line_3: '', city: '', state: '', postcode: '', country: 'US' },
  };
}

/** Every ISO country, by name ("United States"), sorted for a searchable select. */
export const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({
  value: code,
  label: regionNames.of(code) ?? code,
})).sort((a, b) => a.label.localeCompare(b.label));

export const US_STATE_OPTIONS = Object.entries(US_STATES)
  .map(([code, name]) => ({ value: code, label: `${name} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label));
