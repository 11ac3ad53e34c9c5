import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useDescribedMutation } from '../../api/activity-log';
import { ApiError } from '../../api/client';
import { type Credentials, session } from '../../api/credentials';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { type SignInValues, signInErrors } from './sign-in-rules';
import { usePlainForm } from './use-plain-form';

interface Props {
  defaults?: Partial<SignInValues>;
  onSignedIn: () => void;
}

/**
 * The organization call validates its answer with zod, which the sign-in page does not load up front (see
 * sign-in-rules.ts): it arrives when the operator starts on the form, well before they submit it.
 */
const loadOrganizationsApi = () => import('../../api/organizations');

const FIELDS = ['operator', 'clientId', 'apiKey', 'appId'] as const;

/** Checks the credentials against the service (GET /v2/organizations) before keeping them for this tab. */
export function SignInForm({ defaults, onSignedIn }: Props) {
  const queryClient = useQueryClient();
  const production = useQuery(runtimeConfigQuery).data?.production ?? false;
  // As with the other forms: first checked on submit, then again on every change.
  const { values, field, check } = usePlainForm<SignInValues>(
    { operator: '', clientId: '', apiKey: '', appId: '', ...defaults },
    (given) => signInErrors(given, production),
    FIELDS,
  );
  const signIn = useDescribedMutation({
    // Signing in changes nothing of the organization's: no line in the activity log.
    activity: null,
    mutationFn: async (credentials: Credentials) => ({
      credentials,
      organization: await (await loadOrganizationsApi()).getOrganization(credentials),
    }),
    onSuccess: ({ credentials, organization }) => {
      session.signIn(credentials);
      queryClient.setQueryData(['organization'], organization);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'organization' });
      onSignedIn();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    signIn.mutate({
      clientId: values.clientId.trim(),
      apiKey: values.apiKey,
      appId: values.appId.trim() || undefined,
      operator: values.operator.trim() || undefined,
    });
  };

  return (
    <form noValidate onSubmit={submit} onFocus={() => void loadOrganizationsApi()}>
      <Stack>
        {signIn.error && (
          <ApiErrorAlert
            error={signIn.error}
            title={
              signIn.error instanceof ApiError && signIn.error.status === 401 ? 'Sign-in refused' : undefined
            }
          />
        )}
        <TextInput
          label="Operator"
          description={
            production
              ? 'Your name or email: recorded with every change'
              : 'Optional: your name or email, recorded with every change'
          }
          autoComplete="name"
          required={production}
          {...field('operator')}
        />
        <TextInput label="Client ID" autoComplete="username" required {...field('clientId')} />
        <PasswordInput
          label="API key"
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the API key' }}
          {...field('apiKey')}
        />
        <TextInput
          label="App ID"
          description="Optional: acts for one app of the organization (sent as Api-App-Id)"
          {...field('appId')}
        />
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
