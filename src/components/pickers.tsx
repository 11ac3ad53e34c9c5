import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { appQueries, getApp } from '../api/apps';
import { ApiError } from '../api/client';
import { customerQueries, getCustomer } from '../api/customers';
import { runtimeConfigQuery } from '../api/runtime-config';
import type { App, Customer, User } from '../api/schemas';
import { getUser, userQueries } from '../api/users';
import { matchesAppName, matchesSearch } from '../lib/people-search';
import { type PickerOption, type PickerSource, SearchPicker } from './SearchPicker';

export const PICKER_DESCRIPTION = 'Name, email, phone or ID';
const SHOWN = 20;
/** How much of a list the console filters by itself where the service cannot search (the vendor's largest page). */
const IN_HAND = 100;

export function userOption(user: User): PickerOption {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return { id: user.id, name: name || 'Unnamed user', detail: user.email };
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

export function customerName(customer: Customer): string {
  return (
    customer.business_name || [customer.first_name, customer.last_name].filter(Boolean).join(' ') || 'Unnamed'
  );
}

export function customerOption(customer: Customer): PickerOption {
  return { id: customer.id, name: customerName(customer), detail: customer.email };
}

function appOption(app: App): PickerOption {
  return {
    id: app.id,
    name: app.name || 'Unnamed app',
    detail: app.has_compliance === false ? 'no compliance record' : null,
  };
}

/** An id that is not the organization's own (403) or not there (404) resolves to nothing; other failures show. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

interface PickerProps {
  label: string;
  value: string;
  onChange: (id: string, option: PickerOption | null) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: React.ReactNode;
}

/** Where the upstream cannot search (the vendor has no `search`): its most recent page, filtered here. */
function useSearchesUpstream(): boolean {
  return useQuery(runtimeConfigQuery).data?.mode === 'upstream';
}

/** Users, found by the service's search, or upstream by filtering its most recent page. */
export function useUserSource(): PickerSource {
  const queryClient = useQueryClient();
  const upstream = useSearchesUpstream();
  return useMemo<PickerSource>(
    () => ({
      key: 'users',
      search: async (query) => {
        if (!upstream) {
          const page = await queryClient.fetchQuery(
            userQueries.list({ search: query || undefined, limit: SHOWN }),
          );
          return { options: page.data.map(userOption) };
        }
        const page = await queryClient.fetchQuery({
          ...userQueries.list({ limit: IN_HAND }),
          staleTime: 60_000,
        });
        return {
          options: page.data
            .filter((user) => matchesSearch(searchableUser(user), query))
            .slice(0, SHOWN)
            .map(userOption),
          note: `Searching the ${IN_HAND} most recent users; paste an ID to find any other`,
        };
      },
      resolve: async (id) => {
        const user = await orNull(getUser(id));
        return user && userOption(user);
      },
    }),
    [queryClient, upstream],
  );
}

export function UserPicker(props: PickerProps) {
  return (
    <SearchPicker
      {...props}
      description={PICKER_DESCRIPTION}
      source={useUserSource()}
      nothingFound="No user by that name, email, phone or ID"
    />
  );
}

/** Payment customers, as users are found. */
export function useCustomerSource(): PickerSource {
  const queryClient = useQueryClient();
  const upstream = useSearchesUpstream();
  return useMemo<PickerSource>(
    () => ({
      key: 'customers',
      search: async (query) => {
        if (!upstream) {
          const page = await queryClient.fetchQuery(
            customerQueries.list({ search: query || undefined, limit: SHOWN }),
          );
          return { options: page.data.map(customerOption) };
        }
        const page = await queryClient.fetchQuery({
          ...customerQueries.list({ limit: IN_HAND }),
          staleTime: 60_000,
        });
        return {
          options: page.data
            .filter((customer) => matchesSearch(customer, query))
            .slice(0, SHOWN)
            .map(customerOption),
          note: `Searching the ${IN_HAND} most recent payment customers; paste an ID to find any other`,
        };
      },
      resolve: async (id) => {
        const customer = await orNull(getCustomer(id));
        return customer && customerOption(customer);
      },
    }),
    [queryClient, upstream],
  );
}

export function CustomerPicker(props: PickerProps) {
  return (
    <SearchPicker
      {...props}
      description={PICKER_DESCRIPTION}
      source={useCustomerSource()}
      nothingFound="No payment customer by that name, email, phone or ID"
    />
  );
}

/**
 * Apps are few: the organization's first page of them, filtered here by any word of the name or the ID, everywhere.
 * The description is the pickers' one, as the console's scripts expect of every picker, though an app has no email or
 * phone.
 */
export function AppPicker(props: PickerProps) {
  const queryClient = useQueryClient();
  const source = useMemo<PickerSource>(
    () => ({
      key: 'apps',
      search: async (query) => {
        const apps = await queryClient.fetchQuery({
          ...appQueries.list({ limit: IN_HAND }),
          staleTime: 30_000,
        });
        const matching = apps.filter((app) => matchesAppName(app, query));
        return {
          options: matching.slice(0, SHOWN).map(appOption),
          ...(apps.length >= IN_HAND
            ? { note: `Searching the ${IN_HAND} most recent apps; paste an ID to find any other` }
            : {}),
        };
      },
      resolve: async (id) => {
        const app = await orNull(getApp(id));
        return app && appOption(app);
      },
    }),
    [queryClient],
  );
  return (
    <SearchPicker
      {...props}
      description={PICKER_DESCRIPTION}
      source={source}
      nothingFound="No app by that name or ID"
    />
  );
}
