import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '../lib/address';
import { z } from '../lib/zod';
import { request } from './client';
import { addressResponseSchema, payoutMethodSchema, userPageSchema, userSchema } from './schemas';

const userPath = (userId: string) => `/v2/users/${encodeURIComponent(userId)}`;

/** A page of a people list: the vendor's cursors and `limit`; `search` is a sandbox extension. */
export interface PeopleQuery {
  search?: string;
  status?: string;
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export function listUsers(query: PeopleQuery) {
  return request({ method: 'GET', path: '/v2/users', query: { ...query }, response: userPageSchema });
}

export function listPayoutMethods(userId: string) {
  return request({
    method: 'GET',
    path: `${userPath(userId)}/payout-methods`,
    response: z.array(payoutMethodSchema),
  });
}

export function getUser(userId: string) {
  return request({ method: 'GET', path: userPath(userId), response: userSchema });
}

/** PUT adds an address (the vendor's verb is "add"); the answer is the stored address, or nothing upstream. */
export function addUserAddress({ userId, address }: { userId: string; address: Address }) {
  return request({
    method: 'PUT',
    path: `${userPath(userId)}/addresses`,
    body: address,
    response: addressResponseSchema.optional(),
  });
}

export function useAddUserAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'add-address'],
    mutationFn: addUserAddress,
    retry: 0,
    onSuccess: (_address, { userId }) => queryClient.invalidateQueries({ queryKey: ['users', userId] }),
  });
}

export const userQueries = {
  list: (query: PeopleQuery) =>
    queryOptions({ queryKey: ['users', 'list', query], queryFn: () => listUsers(query) }),
  detail: (userId: string) => queryOptions({ queryKey: ['users', userId], queryFn: () => getUser(userId) }),
  payoutMethods: (userId: string) =>
    queryOptions({ queryKey: ['users', userId, 'payout-methods'], queryFn: () => listPayoutMethods(userId) }),
};
