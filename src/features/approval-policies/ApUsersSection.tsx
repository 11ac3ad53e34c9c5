import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { apTeamQueries, type PolicyOutcome, useLinkApUser } from '../../api/ap-policies';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { Select } from '../../components/Select';
import { z } from '../../lib/zod';
import { approverName, approverOptions } from './approver-names';
import { OutcomeNotice } from './OutcomeNotice';

/** The AP user picked for a member (their id, as the Select keeps it), or none. */
const linkFormSchema = z.object({
  apUserId: z.string().regex(/^\d+$/, 'Pick an AP user').transform(Number).nullable(),
});

type Member = { id: string; name: string; email: string; role: string; ap_user: { id: number } | null };

function LinkControl({
  member,
  options,
  onOutcome,
}: {
  member: Member;
  options: { value: string; label: string }[];
  onOutcome: (outcome: PolicyOutcome) => void;
}) {
  const link = useLinkApUser();
  const current = member.ap_user ? String(member.ap_user.id) : null;
  const form = useForm<z.input<typeof linkFormSchema>, unknown, z.output<typeof linkFormSchema>>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: { apUserId: current },
  });
  const picked = useWatch({ control: form.control, name: 'apUserId' });
  const save = form.handleSubmit(({ apUserId }) =>
    link.mutate({ memberId: member.id, apUserId }, { onSuccess: onOutcome }),
  );
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Controller
          control={form.control}
          name="apUserId"
          render={({ field, fieldState }) => (
            <Select
              label={`AP user of ${member.name}`}
              data={options}
              searchable
              clearable
              placeholder="None"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              w={260}
            />
          )}
        />
        <Button
          variant="default"
          disabled={picked === current}
          loading={link.isPending}
          aria-label={`Save the AP user of ${member.name}`}
          onClick={() => void save()}
        >
          Save
        </Button>
      </Group>
      {link.isError && <ApiErrorAlert error={link.error} title="Not linked" />}
    </Stack>
  );
}

/**
 * Which AP user each member acts as on bills (admins). In the sandbox every member has the AP user of their email;
 * upstream an admin links each member to one of the organization's AP users, a grant of power that waits for a second
 * admin where there are two.
 */
export function ApUsersSection() {
  const team = useQuery(apTeamQueries.team());
  const [outcome, setOutcome] = useState<PolicyOutcome | null>(null);
  const data = team.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Who acts as which AP user
      </Title>
      {team.isError && <ApiErrorAlert error={team.error} />}
      {data && (
        <Text size="sm">
          {data.match === 'email'
            ? 'In the sandbox each member acts on bills as the AP user of their email.'
            : 'Each member acts on bills as the AP user an admin links them to; a member with none reads bills only.'}
        </Text>
      )}
      <OutcomeNotice outcome={outcome} done="The link is saved." />
      {data && (
        <DataTable
          label="Members and their AP users"
          rows={data.members}
          rowKey={(m) => m.id}
          minWidth={640}
          columns={[
            { header: 'Member', cell: (m) => `${m.name} (${m.email})` },
            { header: 'Role', cell: (m) => m.role },
            data.match === 'email'
              ? {
                  header: 'AP user',
                  cell: (m) =>
                    m.ap_user ? `${approverName(m.ap_user)} (${m.ap_user.role ?? 'no role'})` : 'None',
                }
              : {
                  header: 'AP user',
                  cell: (m) => (
                    <LinkControl
                      member={m}
                      options={approverOptions(data.approvers)}
                      onOutcome={setOutcome}
                    />
                  ),
                },
          ]}
        />
      )}
    </Stack>
  );
}
