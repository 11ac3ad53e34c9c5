import '@mantine/spotlight/styles.css';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { getAppCompliance } from '../../api/apps';
import { ApiError } from '../../api/client';
import { getCustomer, useCustomerSource } from '../../api/customers';
import { getTransfer } from '../../api/transfers';
import { getUser, useUserSource } from '../../api/users';
import { pickedText } from '../../components/SearchPicker';
import { isUuid } from '../../lib/uuid';

/**
 * Where a pasted id leads: a transfer, else a user, else a payment customer, else an app (tried in that order; the
 * first that exists wins).
 */
export async function destinationOf(id: string): Promise<string | null> {
  const exists = async (read: () => Promise<unknown>, missingToo: number[] = []) => {
    try {
      await read();
      return true;
    } catch (error) {
      return error instanceof ApiError && missingToo.includes(error.status);
    }
  };
  if (await exists(() => getTransfer(id))) return `/transfers/${id}`;
  if (await exists(() => getUser(id))) return `/users/${id}`;
  if (await exists(() => getCustomer(id))) return `/customers/${id}`;
  // An app of ours without a compliance record answers 404; an unknown or foreign one 403.
  if (await exists(() => getAppCompliance(id), [404])) return `/compliance/copy?app_id=${id}`;
  return null;
}

/**
 * Ctrl+K / Cmd+K on every signed-in page (the shell owns the shortcut: this code arrives on demand): go to any page,
 * or paste an id and open what it names.
 */
/** A page the palette can go to: the navigation's links, handed down by the shell. */
export interface PalettePage {
  to: string;
  label: string;
}

export function CommandPalette({ pages }: { pages: readonly PalettePage[] }) {
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const id = query.trim().toLowerCase();
  // People by name, email or phone, as the pickers find them.
  const users = useUserSource();
  const customers = useCustomerSource();
  const [wanted] = useDebouncedValue(query.trim(), 250);
  const searching = wanted.length >= 2 && !isUuid(wanted);
  const people = useQuery({
    queryKey: ['palette', wanted],
    enabled: searching,
    queryFn: async () => {
      const [foundUsers, foundCustomers] = await Promise.all([
        users.search(wanted),
        customers.search(wanted),
      ]);
      return [
        ...foundUsers.options
          .slice(0, 5)
          .map((option) => ({ option, to: `/users/${option.id}`, kind: 'User' })),
        ...foundCustomers.options
          .slice(0, 5)
          .map((option) => ({ option, to: `/customers/${option.id}`, kind: 'Payment customer' })),
      ];
    },
  });

  const openId = async () => {
    const destination = await destinationOf(id);
    if (destination) navigate(destination);
    else
      notifications.show({
        color: 'red',
        title: 'Nothing found',
        message: `No transfer, user, payment customer or app has the id ${id}`,
      });
  };

  const actions: SpotlightActionData[] = [
    ...(isUuid(id)
      ? [
          {
            id: 'open-id',
            label: `Open ${id}`,
            description: 'As a transfer, a user, a payment customer or an app',
            onClick: openId,
          },
        ]
      : []),
    ...(searching ? (people.data ?? []) : []).map(({ option, to, kind }) => ({
      id: to,
      label: pickedText(option),
      description: `${kind} · ID ${option.id.slice(0, 8)}`,
      onClick: () => navigate(to),
    })),
    ...pages.map((page) => ({
      id: page.to,
      label: page.label,
      description: `Go to ${page.label}`,
      onClick: () => navigate(page.to),
    })),
  ];

  return (
    <Spotlight
      actions={actions}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      tagsToIgnore={[]}
      // People were found by the service's search (by name, email or phone): shown as they come. Pages are found
      // by their name; a pasted id's action always shows.
      filter={(text, all) =>
        (all as SpotlightActionData[]).filter(
          (action) =>
            !pages.some((page) => page.to === action.id) ||
            (action.label ?? '').toLowerCase().includes(text.trim().toLowerCase()),
        )
      }
      nothingFound="Nothing by that name; type a person's name or email, or paste an id"
      searchProps={{ placeholder: 'Go to a page, find a person, or paste an id', 'aria-label': 'Command' }}
      highlightQuery
    />
  );
}
