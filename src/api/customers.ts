import { queryOptions } from '@tanstack/react-query';
import { displayName } from '../lib/names';
import { request } from './client';
import { type Customer, customerPageSchema, customerSchema } from './schemas';
import { type PeopleKind, type PeopleQuery, type PickerOption, usePeopleSource } from './search-source';

export function listCustomers(query: PeopleQuery) {
  return request({
    method: 'GET',
    path: '/v2/payment-customers',
    query: { ...query },
    response: customerPageSchema,
  });
}

export function getCustomer(customerId: string) {
  return request({
    method: 'GET',
    path: `/v2/payment-customers/${encodeURIComponent(customerId)}`,
    response: customerSchema,
  });
}

export const customerQueries = {
  list: (query: PeopleQuery) =>
    queryOptions({ queryKey: ['customers', 'list', query], queryFn: () => listCustomers(query) }),
  detail: (customerId: string) =>
    queryOptions({ queryKey: ['customers', customerId], queryFn: () => getCustomer(customerId) }),
};

export function customerOption(customer: Customer): PickerOption {
  return { id: customer.id, name: displayName(customer), detail: customer.email };
}

export const CUSTOMERS: PeopleKind<Customer> = {
  key: 'customers',
  plural: 'payment customers',
  nothingFound: 'No payment customer by that name, email, phone or ID',
  list: listCustomers,
  get: getCustomer,
  option: customerOption,
  searchable: (customer) => customer,
};

/** The Customer pickers' source. */
export const useCustomerSource = () => usePeopleSource(CUSTOMERS);
