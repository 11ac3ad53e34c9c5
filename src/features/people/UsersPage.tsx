import { Badge } from '@mantine/core';
import { USERS } from '../../api/users';
import { formatPhone } from '../../lib/phone';
import { PeopleList } from './PeopleList';

const USER_STATUSES = ['verified', 'unverified', 'in_review', 'disabled'] as const;
const STATUS_COLOR: Record<string, string> = {
  verified: 'teal.9',
  unverified: 'gray.8',
  in_review: 'violet.9',
  disabled: 'red.9',
};

/** The organization's users: found by name, email, phone or ID, filtered by status, newest first, page by page. */
export function UsersPage() {
  return (
    <PeopleList
      title="Users"
      kind={USERS}
      href={(user) => `/users/${user.id}`}
      statuses={USER_STATUSES}
      minWidth={760}
      columns={[
        { header: 'Email', cell: (user) => user.email ?? '—' },
        {
          header: 'Phone',
          cell: (user) =>
            formatPhone(user.phone_number?.country_code, user.phone_number?.phone_number) || '—',
        },
        {
          header: 'Status',
          cell: (user) =>
            user.status ? (
              <Badge color={STATUS_COLOR[user.status] ?? 'gray.8'} variant="filled">
                {user.status.replace('_', ' ')}
              </Badge>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
