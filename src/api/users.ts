import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Address } from '../lib/address';
import { fullName } from '../lib/names';
import { z } from '../lib/zod';
import { useDescribedMutation } from './activity-log';
import { request } from './client';
import { addressResponseSchema, payoutMethodSchema, type User, userPageSchema, userSchema } from './schemas';
import { type PeopleKind, type PeopleQuery, type PickerOption, usePeopleSource } from './search-source';

const userPath = (userId: string) => `/v2/users/${encodeURIComponent(userId)}`;

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
  return useDescribedMutation({
    mutationKey: ['users', 'add-address'],
    mutationFn: addUserAddress,
    activity: ({ userId, address }) => ({
      action: 'Address added',
      subject: userId,
      details: `${address.city ?? ''}, ${address.country ?? ''}`,
    }),
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

export function userOption(user: User): PickerOption {
  return { id: user.id, name: fullName(user) || 'Unnamed user', detail: user.email, status: user.status };
}

/** A user as the search rules read one: the vendor nests the phone. */
export function searchableUser(user: User) {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    country_code: user.phone_number?.country_code,
    phone_number: user.phone_number?.phone_number,
  };
}

export const USERS: PeopleKind<User> = {
  key: 'users',
  plural: 'users',
  nothingFound: 'No user by that name, email, phone or ID',
  list: listUsers,
  get: getUser,
  option: userOption,
  searchable: searchableUser,
};

/** The User pickers' source. */
export const useUserSource = () => usePeopleSource(USERS);
