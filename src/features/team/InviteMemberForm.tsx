import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { type TeamChange, useInviteMember } from '../../api/team';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { keepFocusOnControlPress } from '../../components/keep-focus-on-control-press';
import { placeFieldErrors } from '../../components/place-field-errors';
import { Select } from '../../components/Select';
import { ROLE_LABELS, ROLES } from '../../lib/roles';
import { type InviteInput, type InviteOutput, inviteSchema } from './invite-schema';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * Makes an invited member and a one-time link (72 h) for them to set a password; an approver or an admin waits for a
 * second admin's confirmation where there is one.
 */
export function InviteMemberForm({
  onInvited,
  mailNeeded = false,
}: {
  onInvited: (email: string, change: TeamChange) => void;
  /** Two admins and no mail: the server refuses invitations, and the form says so before anyone tries. */
  mailNeeded?: boolean;
}) {
  const form = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', name: '', role: 'viewer' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const invite = useInviteMember();
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (change) => {
        form.reset();
        onInvited(values.email, change);
      },
      onError: (error) =>
        placeFieldErrors(error, form.setError, (path) =>
          path === 'email' || path === 'name' || path === 'role' ? path : undefined,
        ),
    }),
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invite-title">
      <form noValidate onSubmit={submit} onMouseDown={keepFocusOnControlPress}>
        <Stack>
          <Title order={2} size="h4" id="invite-title">
            Invite member
          </Title>
          {mailNeeded && (
            <Text size="sm" fw={600}>
              Invitations need mail: with two admins, the link goes only by mail to the person invited, and
              mail is not set up.
            </Text>
          )}
          {invite.error &&
            !(invite.error instanceof ApiError && Object.keys(invite.error.fieldErrors).length > 0) && (
              <ApiErrorAlert error={invite.error} />
            )}
          <Group align="flex-start" grow>
            <TextInput
              label="Email"
              type="email"
              required
              {...form.register('email')}
              error={errors.email?.message}
            />
            <TextInput label="Name" required {...form.register('name')} error={errors.name?.message} />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label="Role"
                  required
                  data={ROLE_OPTIONS}
                  allowDeselect={false}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  error={errors.role?.message}
                />
              )}
            />
          </Group>
          <Group>
            <Button type="submit" loading={invite.isPending}>
              Invite member
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
