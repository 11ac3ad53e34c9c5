import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { matchesSearch, type Searchable } from '../lib/people-search';
import { ApiError } from './client';
import { runtimeConfigQuery } from './runtime-config';

/** One thing to pick: a person or an app, as the operator knows it. */
export interface PickerOption {
  id: string;
  /** A person's name, or an app's. */
  name: string;
  /** An email, or what else tells two namesakes apart. */
  detail?: string | null;
  /** The person's status at the service, when it has one (a user's `verified`, `disabled`…). */
  status?: string | null | undefined;
}

/** Where a picker finds its options: one per kind (users, customers, apps), beside the kind's fetchers. */
export interface PickerSource {
  /** For cache keys: 'users', 'customers', 'apps'. */
  key: string;
  /** What a query finds, and a line to say where it looked when that is not everywhere. */
  search: (query: string) => Promise<{ options: PickerOption[]; note?: string }>;
  /** An exact id: the option, or null when it is not one of this organization's. */
  resolve: (id: string) => Promise<PickerOption | null>;
  /** Said when nothing matches: "No user by that name, email, phone or ID". */
  nothingFound: string;
}

/** How many options a picker shows. */
export const SHOWN = 20;
/** How much of a list the console filters by itself where the service cannot search (the vendor's largest page). */
export const IN_HAND = 100;

/** An id that is not the organization's own (403) or not there (404) resolves to nothing; other failures show. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

/** Where the upstream cannot search (the vendor has no `search`): its most recent page, filtered here. */
export function useSearchesUpstream(): boolean {
  return useQuery(runtimeConfigQuery).data?.mode === 'upstream';
}

/** A page of a people list: the vendor's cursors and `limit`; `search` is a sandbox extension. */
export interface PeopleQuery {
  search?: string;
  status?: string;
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

/** What a picker needs to know of one kind of person (users, payment customers). */
export interface PeopleKind<P> {
  key: string;
  /** "users": as the note of an upstream search names them. */
  plural: string;
  nothingFound: string;
  /** The list's fetcher; its cache key is `[key, 'list', query]`, as the kind's own list pages have it. */
  list: (query: PeopleQuery) => Promise<{ data: P[]; has_more?: boolean | null | undefined }>;
  get: (id: string) => Promise<P>;
  option: (person: P) => PickerOption;
  /** The person as the search rules read one. */
  searchable: (person: P) => Searchable & { id: string };
}

/**
 * People found by the service's search (a sandbox extension), or upstream by filtering its most recent page. `kind`
 * is a module-level constant, so the source stays the same object between renders.
 */
export function usePeopleSource<P>(kind: PeopleKind<P>): PickerSource {
  const queryClient = useQueryClient();
  const upstream = useSearchesUpstream();
  return useMemo<PickerSource>(() => {
    const listOf = (query: PeopleQuery) => ({
      queryKey: [kind.key, 'list', query],
      queryFn: () => kind.list(query),
    });
    return {
      key: kind.key,
      nothingFound: kind.nothingFound,
      search: async (query) => {
        if (!upstream) {
          const page = await queryClient.fetchQuery(listOf({ search: query || undefined, limit: SHOWN }));
          return { options: page.data.map(kind.option) };
        }
        const page = await queryClient.fetchQuery({ ...listOf({ limit: IN_HAND }), staleTime: 60_000 });
        return {
          options: page.data
            .filter((person) => matchesSearch(kind.searchable(person), query))
            .slice(0, SHOWN)
            .map(kind.option),
          note: `Searching the ${IN_HAND} most recent ${kind.plural}; paste an ID to find any other`,
        };
      },
      resolve: async (id) => {
        const person = await orNull(kind.get(id));
        return person && kind.option(person);
      },
    };
  }, [queryClient, upstream, kind]);
}
