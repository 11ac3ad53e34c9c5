import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { customerPageSchema, customerSchema } from './schemas';
import type { PeopleQuery } from './users';

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
