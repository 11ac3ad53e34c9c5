import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Code, Container, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useDescribedMutation } from '../../api/activity-log';
import { ApiError } from '../../api/client';
import { session } from '../../api/credentials';
import { confirmTotpEnrollment, startTotpEnrollment } from '../../api/team-session';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { totpCodeFormSchema } from './totp-code';

/**
 * Money movers and admins of a real organization use a second factor: until they set one up, the server refuses
 * their requests and the console shows only this. The secret is typed into (or pasted in) any authenticator app.
 */
export function TotpEnrollmentPage() {
  const enrollment = useQuery({
    queryKey: ['team', 'totp'],
    queryFn: startTotpEnrollment,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const form = useForm({ resolver: zodResolver(totpCodeFormSchema), defaultValues: { code: '' } });
  const confirm = useDescribedMutation({
    activity: () => ({
      action: 'Authenticator set up',
      subject: session.credentials()?.member?.email ?? '',
      details: '',
    }),
    mutationFn: confirmTotpEnrollment,
    onSuccess: () => {
      const credentials = session.credentials();
      if (credentials) session.signIn({ ...credentials, mustEnrollTotp: undefined });
    },
  });
  const submit = form.handleSubmit(({ code }) => {
    if (!enrollment.data) return;
    confirm.mutate(
      { code },
      {
        onError: (error) =>
          placeFieldErrors(error, form.setError, (path) => (path === 'code' ? 'code' : undefined)),
      },
    );
  });
  const serverError = confirm.error instanceof ApiError ? (confirm.error.fieldErrors.code ?? null) : null;

  return (
    <Container size={520} py={48}>
      <Stack>
        <Title order={1}>Set up your authenticator</Title>
        <Text>
          Your role moves money or manages the team, so signing in takes a code from an authenticator app as
          well as your password.
        </Text>
        {enrollment.isPending && <Skeleton height={120} />}
        {enrollment.isError && <ApiErrorAlert error={enrollment.error} />}
        {enrollment.data && (
          <Card withBorder padding="lg">
            <form noValidate onSubmit={submit}>
              <Stack>
                <Text size="sm">
                  In your authenticator app, add an account with this key (time-based, 6 digits):
                </Text>
                <Code block>{enrollment.data.secret}</Code>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  Or as a link: {enrollment.data.uri}
                </Text>
                {confirm.error && !serverError && <ApiErrorAlert error={confirm.error} />}
                <TextInput
                  label="Authenticator code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  {...form.register('code')}
                  error={form.formState.errors.code?.message}
                />
                <Button type="submit" loading={confirm.isPending}>
                  Turn on
                </Button>
              </Stack>
            </form>
          </Card>
        )}
        {confirm.isSuccess && <Notice tone="success">Authenticator set up.</Notice>}
      </Stack>
    </Container>
  );
}
