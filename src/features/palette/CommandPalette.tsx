import { notifications } from '@mantine/notifications';
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { getAppCompliance } from '../../api/apps';
import { ApiError } from '../../api/client';
import { getTransfer } from '../../api/transfers';
import { getUser } from '../../api/users';
import { PAGES } from '../../app/navigation';
import { isUuid } from '../../lib/uuid';

/** Where a pasted id leads: a transfer, else a user, else an app (tried in that order; the first that exists wins). */
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
  // An app of ours without a compliance record answers 404; an unknown or foreign one 403.
  if (await exists(() => getAppCompliance(id), [404])) return `/compliance/copy?app_id=${id}`;
  return null;
}

/**
 * Ctrl+K / Cmd+K on every signed-in page (the shell owns the shortcut: this code arrives on demand): go to any page,
 * or paste an id and open what it names.
 */
export function CommandPalette() {
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const id = query.trim().toLowerCase();

  const openId = async () => {
    const destination = await destinationOf(id);
    if (destination) navigate(destination);
    else
      notifications.show({
        color: 'red',
        title: 'Nothing found',
        message: `No transfer, user or app has the id ${id}`,
      });
  };

  const actions: SpotlightActionData[] = [
    ...(isUuid(id)
      ? [
          {
            id: 'open-id',
            label: `Open ${id}`,
            description: 'As a transfer, a user or an app',
            onClick: openId,
          },
        ]
      : []),
    ...PAGES.map((page) => ({
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
      nothingFound="No page by that name; paste a transfer, user or app id to open it"
      searchProps={{ placeholder: 'Go to a page, or paste an id', 'aria-label': 'Command' }}
      highlightQuery
    />
  );
}
