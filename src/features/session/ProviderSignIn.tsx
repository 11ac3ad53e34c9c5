import '@mantine/core/styles/Divider.css';
import { Alert, Button, Divider, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef } from 'react';
import { useDescribedMutation } from '../../api/activity-log';
import { ApiError } from '../../api/client';
import { session } from '../../api/credentials';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { usePlainForm } from './use-plain-form';

const loadTeamSessionApi = () => import('../../api/team-session');

/** "Sign in with <provider>": a plain navigation to the console server, which sends the person on to the provider. */
export function ProviderSignInLink({ name }: { name: string }) {
  return (
    <Stack gap="sm">
      <Button component="a" href="/api/team/sso/start" variant="filled">
        {`Sign in with ${name}`}
      </Button>
      <Divider label="or with your email and password" labelPosition="center" />
    </Stack>
  );
}

/**
 * Back from the provider: the one-time code in the address is exchanged for this tab's session, once, and removed
 * from the address (history) before anything else happens.
 */
export function ProviderHandoff({
  code,
  onSignedIn,
  warmUp,
}: {
  code: string;
  onSignedIn: () => void;
  /** Brings the code behind sign-in while the session is being opened (nobody types here to warm it up). */
  warmUp: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const started = useRef(false);
  const { values, field, check } = usePlainForm<{ totp: string }>(
    { totp: '' },
    (given) => (/^\d{6}$/.test(given.totp.trim()) ? {} : { totp: 'Enter the 6 digits your app shows' }),
    ['totp'],
  );
  const finish = useDescribedMutation({
    activity: null,
    mutationFn: async (given: { code: string; totp?: string }) =>
      (await loadTeamSessionApi()).finishProviderSignIn(given.code, given.totp),
    onSuccess: ({ credentials, session: answer }) => {
      session.signIn(credentials);
      queryClient.setQueryData(['team', 'session'], answer);
      void queryClient.invalidateQueries();
      onSignedIn();
    },
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(null, '', '/sign-in');
    void warmUp().catch(() => {});
    finish.mutate({ code });
  }, [code, finish, warmUp]);
  const error = finish.error;
  // The provider checked no second factor and the member has an authenticator: its code, on this page.
  const askingForCode = error instanceof ApiError && error.code === 'totp-required';
  if (askingForCode) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (check()) finish.mutate({ code, totp: values.totp.trim() });
    };
    return (
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text>
            Your identity provider signed you in. Enter the code of your authenticator app to continue.
          </Text>
          <TextInput
            label="Authenticator code"
            description="The 6 digits your authenticator app shows for Payout Console"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            data-autofocus
            {...field('totp')}
          />
          <Button type="submit" loading={finish.isPending}>
            Continue
          </Button>
        </Stack>
      </form>
    );
  }
  if (error) {
    return (
      <Stack>
        <ApiErrorAlert error={error} title="Sign-in refused" />
        <Button component="a" href="/sign-in" variant="default">
          Start again
        </Button>
      </Stack>
    );
  }
  return (
    <Alert color="blue" title="Signing you in">
      <Stack gap="xs" align="flex-start">
        <Loader size="sm" aria-label="Signing you in" />
        <Text size="sm">Your identity provider vouched for you; opening your session.</Text>
      </Stack>
    </Alert>
  );
}
