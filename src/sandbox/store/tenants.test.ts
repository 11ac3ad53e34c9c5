import { describe, expect, it } from 'vitest';
import { createTenant } from '../domain/tenant-factory';
import { openDatabase } from './db';
import { creditedAppOf, namedCustomer, namedUser } from './tenants';

describe('the names a payment looks up', () => {
  const db = openDatabase(':memory:');
  const a = createTenant(db);
  const b = createTenant(db);
  const userOfA = a.users[0]?.id as string;

  it('finds a tenant its own app, user and customer', () => {
    const first = creditedAppOf(db, a.organization.id, undefined);
    expect(first).toEqual(a.apps[0]);
    expect(creditedAppOf(db, a.organization.id, a.apps[1]?.id)).toEqual(a.apps[1]);
    const user = a.users[0];
    expect(namedUser(db, a.organization.id, userOfA)).toEqual({
      id: userOfA,
      first_name: user?.first_name,
      last_name: user?.last_name,
    });
    const customer = namedCustomer(db, a.organization.id, a.customers[0]?.id as string);
    expect(customer && `${customer.first_name} ${customer.last_name}`).toBe(a.customers[0]?.name);
  });

  it("never finds another tenant's rows", () => {
    expect(namedUser(db, a.organization.id, userOfA)).toBeDefined();
    expect(namedUser(db, b.organization.id, userOfA)).toBeUndefined();
    expect(creditedAppOf(db, a.organization.id, a.apps[0]?.id)).toBeDefined();
    expect(creditedAppOf(db, b.organization.id, a.apps[0]?.id)).toBeUndefined();
    expect(creditedAppOf(db, b.organization.id, undefined)).toEqual(b.apps[0]);
    expect(namedCustomer(db, b.organization.id, a.customers[0]?.id as string)).toBeUndefined();
  });
});
