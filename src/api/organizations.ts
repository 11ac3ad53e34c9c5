import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import type { Credentials } from './credentials';
import { organizationSchema } from './schemas';

export function getOrganization(credentials?: Credentials) {
  return request({ method: 'GET', path: '/v2/organizations', response: organizationSchema, credentials });
}

export const organizationQueries = {
  current: () => queryOptions({ queryKey: ['organization'], queryFn: () => getOrganization() }),
};
