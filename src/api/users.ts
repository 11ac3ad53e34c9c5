import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';
import { payoutMethodSchema } from './schemas';

export function listPayoutMethods(userId: string) {
  return request({
    method: 'GET',
    path: `/v2/users/${encodeURIComponent(userId)}/payout-methods`,
    response: z.array(payoutMethodSchema),
  });
}

export const userQueries = {
  payoutMethods: (userId: string) =>
    queryOptions({ queryKey: ['users', userId, 'payout-methods'], queryFn: () => listPayoutMethods(userId) }),
};
