import type { Db } from '../store/db';
import type { UserProfileRow } from '../store/onboarding';
import type { UserRow } from '../store/tenants';
import { payoutMethodsOf } from './payout-method';

const parsed = (text: string | null | undefined): unknown => (text ? JSON.parse(text) : undefined);

/** What the vendor's `user.compliance` says of a tax form kept without its TIN (`tin_last4`: an extension). */
function complianceOf(user: Partial<UserProfileRow>) {
  const form = parsed(user.tax_form) as
    | { kind: 'w9'; entity_type: 'individual' | 'business'; business_name: string | null; tin_last4: string }
    | { kind: 'w8ben' }
    | undefined;
  const w9 = form?.kind === 'w9' ? form : undefined;
  return {
    tax_id_collected: w9 !== undefined,
    tax_id_verification: w9 ? ('pending' as const) : ('unsubmitted' as const),
    address_collected: w9 !== undefined,
    date_of_birth_collected: Boolean(user.date_of_birth),
    w8_ben_collected: form?.kind === 'w8ben',
    w9: w9
      ? {
          entity_type: w9.entity_type,
          business_name: w9.business_name,
          tax_id_collected: true,
          address_collected: true,
          tin_last4: w9.tin_last4,
        }
      : null,
  };
}

/**
 * The vendor's `user`: the phone as an object (left out when there is none: the document does not allow null), the
 * default payout method and its details when the user has one, their wallet in cents, and what their tax form says
 * (never its TIN: `compliance.w9.tin_last4`, an extension).
 */
export function userView(db: Db, user: UserRow & Partial<UserProfileRow>) {
  const methods = payoutMethodsOf(db, user);
  const preferred = methods.find((method) => method.is_default);
  const wallet = user.wallet ?? 0;
  const metadata = parsed(user.metadata);
  const exclude = parsed(user.exclude_list);
  const adjustment = parsed(user.adjustment_1099);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    ...(user.phone_number
      ? { phone_number: { country_code: user.country_code ?? '', phone_number: user.phone_number } }
      : {}),
    ...(preferred
      ? {
          default_payout_method: preferred.platform,
          default_payout_method_details: (({ is_default: _, ...details }) => details)(preferred),
        }
      : {}),
    wallet: { amount: wallet, withdrawable_amount: wallet, credit_balance: 0 },
    status: user.status,
    compliance: complianceOf(user),
    ...(metadata !== undefined ? { metadata } : {}),
    ...(exclude !== undefined ? { payout_options_exclude_list: exclude } : {}),
    ...(adjustment !== undefined ? { '1099_adjustment': adjustment } : {}),
    ...(user.date_of_birth ? { date_of_birth: user.date_of_birth } : {}),
    auto_payout_enabled: Boolean(user.auto_payout),
  };
}
