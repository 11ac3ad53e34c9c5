import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Card,
  Container,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { useDescribedMutation } from '../../api/activity-log';
import { ApiError } from '../../api/client';
import { acceptInvitation, getInvitation } from '../../api/team';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { formatDateTime } from '../../lib/dates';
import { isRole, ROLE_LABELS } from '../../lib/roles';
import { type InvitationInput, invitationSchema } from './invitation-schema';

const PURPOSE_TITLES = {
  invite: 'Join your team',
  reset: 'Set a new password',
  'first-admin': 'Name the first admin',
};

/** A one-time link (an invitation, a reset, the first admin): no session, the link is the credential. */
const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);

export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
  });
  const namesThemself = invitation.data?.purpose === 'first-admin';
  const form = useForm<InvitationInput>({
    resolver: zodResolver(invitationSchema(namesThemself)),
    defaultValues: { email: '', name: '', password: '', confirm: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const accept = useDescribedMutation({
    activity: null,
    mutationFn: (values: InvitationInput) =>
      acceptInvitation(token, {
        password: values.password,
        ...(namesThemself ? { email: values.email?.trim(), name: values.name?.trim() } : {}),
      }),
    onError: (error) =>
      placeFieldErrors(error, form.setError, (path) =>
        path === 'email' || path === 'name' || path === 'password' ? path : undefined,
      ),
  });

  return (
    <Container size={460} py={48} component="main">
      <Stack>
        <Title order={1}>
          {invitation.data ? PURPOSE_TITLES[invitation.data.purpose] : 'Payout Console'}
        </Title>
        {invitation.isPending && <Skeleton height={200} />}
        {invitation.isError && (
          <ApiErrorAlert error={invitation.error} title="This link cannot be used">
            {!(invitation.error instanceof ApiError && invitation.error.code === 'link-handed-over') && (
              <Text size="sm">
                It was used already, has expired, or was never valid. Ask an admin of your team for a new one.
              </Text>
            )}
          </ApiErrorAlert>
        )}
        {accept.isSuccess ? (
          <Notice tone="success" role="status" title="Password set">
            <Text size="sm">
              You can now sign in as {accept.data.email}.{' '}
              <Anchor component={Link} to="/sign-in">
                Sign in
              </Anchor>
            </Text>
          </Notice>
        ) : (
          invitation.data && (
            <Card withBorder padding="lg">
              <form noValidate onSubmit={form.handleSubmit((values) => accept.mutate(values))}>
                <Stack>
                  <Text size="sm">
                    {invitation.data.purpose === 'reset'
                      ? `A new password for ${invitation.data.name ?? ''} (${invitation.data.email ?? ''}) at ${invitation.data.organization.name}.`
                      : `You join ${invitation.data.organization.name} as ${roleLabel(invitation.data.role)}${invitation.data.email ? `: ${invitation.data.name ?? ''} (${invitation.data.email})` : ''}.`}{' '}
                    The link works once, until {formatDateTime(invitation.data.expires_at)}.
                  </Text>
                  {accept.error && !(accept.error instanceof ApiError && accept.error.status === 400) && (
                    <ApiErrorAlert error={accept.error} />
                  )}
                  {namesThemself && (
                    <>
                      <TextInput
                        label="Email"
                        type="email"
                        required
                        {...form.register('email')}
                        error={errors.email?.message}
                      />
                      <TextInput
                        label="Name"
                        required
                        {...form.register('name')}
                        error={errors.name?.message}
                      />
                    </>
                  )}
                  <PasswordInput
                    label="New password"
                    description="At least 12 characters"
                    autoComplete="new-password"
                    required
                    {...form.register('password')}
                    error={errors.password?.message}
                  />
                  <PasswordInput
                    label="Repeat the password"
                    autoComplete="new-password"
                    required
                    {...form.register('confirm')}
                    error={errors.confirm?.message}
                  />
                  <Button type="submit" loading={accept.isPending}>
                    Set password
                  </Button>
                </Stack>
              </form>
            </Card>
          )
        )}
      </Stack>
    </Container>
  );
}
