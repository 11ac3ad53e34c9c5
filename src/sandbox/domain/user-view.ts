import type { Db } from '../store/db';
import type { UserRow } from '../store/tenants';
import { payoutMethodsOf } from './payout-method';

/**
 * The vendor's `user`: the phone as an object (left out when there is none: the document does not allow null), the
 * default payout method and its details when the user has one, and their wallet in cents.
 */
export function userView(db: Db, user: UserRow) {
  const methods = payoutMethodsOf(db, user);
  const preferred = methods.find((method) => method.is_default);
  const wallet = user.wallet ?? 0;
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
  };
}
