import type { Address } from '../../lib/address';
import type { AddPayoutMethod } from '../../lib/requests/payout-methods';
import { addressesOf, insertAddress } from '../store/addresses';
import { findUser, setUserStatus } from '../store/tenants';
import { addressView, newAddressRow } from './addresses';
import type { Caller, HelperCaller } from './auth';
import { DomainError, found } from './errors';
import { addPayoutMethod, payoutMethodsOf } from './payout-method';
import { userView } from './user-view';

/** A user of the caller's, with the addresses added to it, newest first (an extension). */
export function userOf({ db, tenant }: Caller, userId: string) {
  const user = found(findUser(db, tenant.orgId, userId));
  return { ...userView(db, user), addresses: addressesOf(db, user.id).map(addressView) };
}

/** Adds an address to a user (every call adds one); answers it stored, normalized. */
export function addUserAddress({ db, tenant, nowMs }: Caller, userId: string, address: Address) {
  const user = found(findUser(db, tenant.orgId, userId));
  const row = newAddressRow(user.id, address, nowMs);
  insertAddress(db, row);
  return addressView(row);
}

export function payoutMethodsOfUser({ db, tenant }: Caller, userId: string) {
  return payoutMethodsOf(db, found(findUser(db, tenant.orgId, userId)));
}

/** Adds a payout method to a user; a bank account keeps its last four digits only. */
export function addUserPayoutMethod({ db, tenant, nowMs }: Caller, userId: string, body: AddPayoutMethod) {
  const user = found(findUser(db, tenant.orgId, userId));
  return db.transaction(() =>
    addPayoutMethod(db, tenant.orgId, user.id, body, new Date(nowMs).toISOString()),
  )();
}

/** A sandbox helper: a user's status, as the service's review would set it (a disabled payer, say). */
export function changeUserStatus({ db }: HelperCaller, userId: string, status: string) {
  if (!setUserStatus(db, userId, status)) {
    throw new DomainError('not-found', 'user-not-found', 'No user has this id');
  }
  return { id: userId, status };
}
