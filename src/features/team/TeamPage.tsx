import { Alert, Button, Group, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { session } from '../../api/credentials';
import { type InvitationLink, teamQueries, useChangeMember, useResetMemberPassword } from '../../api/team';
import type { Member } from '../../api/team-session';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Select } from '../../components/Select';
import { isRole, ROLE_LABELS, ROLES } from '../../lib/roles';
import { InviteMemberForm } from './InviteMemberForm';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATUS_LABELS: Record<Member['status'], string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

function lastSeen(at: string | null): string {
  return at ? new Date(at).toLocaleString() : 'Never';
}

/** A one-time link, shown once: the server keeps only its hash. */
function LinkShownOnce({ what, link, onDone }: { what: string; link: InvitationLink; onDone: () => void }) {
  return (
    <Alert color="green.9" variant="light" role="status" title={what}>
      <Stack gap="xs">
        <Text size="sm">
          Send this link to them yourself. It works once, until {new Date(link.expires_at).toLocaleString()},
          and is not shown again.
        </Text>
        <TextInput
          label="One-time link"
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Group>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The team's members (admins only): invite, change a role, disable or enable, reset a password. */
export function TeamPage() {
  const members = useQuery(teamQueries.members());
  const change = useChangeMember();
  const reset = useResetMemberPassword();
  const [shown, setShown] = useState<{ what: string; link: InvitationLink } | null>(null);
  const me = session.credentials()?.member?.id;
  const rows = members.data?.data ?? [];

  return (
    <Stack>
      <Title order={1}>Team</Title>
      <Text c="dimmed">
        Each member signs in as themself. A role change or a disable ends the member&apos;s sessions at once.
      </Text>
      {shown && <LinkShownOnce what={shown.what} link={shown.link} onDone={() => setShown(null)} />}
      <InviteMemberForm onInvited={(email, link) => setShown({ what: `Invitation for ${email}`, link })} />
      {change.error && <ApiErrorAlert error={change.error} title="The change was refused" />}
      {reset.error && <ApiErrorAlert error={reset.error} title="The reset failed" />}
      {members.isError && <ApiErrorAlert error={members.error} />}
      {members.isPending && <Skeleton height={160} />}
      {members.data && (
        <DataTable
          label="Members"
          rows={rows}
          rowKey={(member) => member.id}
          minWidth={860}
          columns={[
            { header: 'Name', cell: (member) => `${member.name}${member.id === me ? ' (you)' : ''}` },
            { header: 'Email', cell: (member) => member.email },
            {
              header: 'Role',
              cell: (member) => (
                <Select
                  aria-label={`Role of ${member.name}`}
                  data={ROLE_OPTIONS}
                  value={member.role}
                  allowDeselect={false}
                  disabled={change.isPending}
                  onChange={(role) => {
                    if (isRole(role) && role !== member.role) {
                      change.mutate({ id: member.id, email: member.email, change: { role } });
                    }
                  }}
                  w={140}
                />
              ),
            },
            { header: 'Status', cell: (member) => STATUS_LABELS[member.status] },
            { header: 'Last seen', cell: (member) => lastSeen(member.last_seen_at) },
            {
              header: <VisuallyHidden>Actions</VisuallyHidden>,
              cell: (member) => (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`${member.status === 'disabled' ? 'Enable' : 'Disable'} ${member.name}`}
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({
                        id: member.id,
                        email: member.email,
                        change: { status: member.status === 'disabled' ? 'active' : 'disabled' },
                      })
                    }
                  >
                    {member.status === 'disabled' ? 'Enable' : 'Disable'}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Reset password of ${member.name}`}
                    disabled={reset.isPending || member.status === 'disabled'}
                    onClick={() =>
                      reset.mutate(
                        { id: member.id, email: member.email },
                        {
                          onSuccess: ({ invitation }) =>
                            setShown({ what: `Password reset for ${member.email}`, link: invitation }),
                        },
                      )
                    }
                  >
                    Reset password
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
