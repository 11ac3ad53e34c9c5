import { randomUUID } from 'node:crypto';
import type { Address } from '../../lib/address';
import type { AddressRow } from '../store/addresses';

/** The stored address as the API shows it: normalized values, absent lines as null. */
export function addressView(row: AddressRow) {
  return {
    id: row.id,
    created: row.created,
    line_1: row.line_1,
    line_2: row.line_2,
    line_3: row.line_3,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
  };
}

export function newAddressRow(userId: string, address: Address, nowMs: number): AddressRow {
  return {
    id: randomUUID(),
    user_id: userId,
    line_1: address.line_1,
    line_2: address.line_2 ?? null,
    line_3: address.line_3 ?? null,
    city: address.city,
    state: address.state,
    postcode: address.postcode,
    country: address.country,
    created: new Date(nowMs).toISOString(),
    created_ms: nowMs,
  };
}
