import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { type Credentials, session } from '../../api/credentials';
import { getOrganization } from '../../api/organizations';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { type SignInValues, signInSchemaFor } from './sign-in-schema';

interface Props {
  defaults?: Partial<SignInValues>;
  onSignedIn: () => void;
}

/** Checks the credentials against the service (GET /v2/organizations) before keeping them for this tab. */
export function SignInForm({ defaults, onSignedIn }: Props) {
  const queryClient = useQueryClient();
  const production = useQuery(runtimeConfigQuery).data?.production ?? false;
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchemaFor(production)),
    defaultValues: { operator: '', clientId: '', apiKey: '', appId: '', ...defaults },
  });
  const signIn = useMutation({
    mutationFn: async (credentials: Credentials) => ({
      credentials,
      organization: await getOrganization(credentials),
    }),
    onSuccess: ({ credentials, organization }) => {
      session.signIn(credentials);
      queryClient.setQueryData(['organization'], organization);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'organization' });
      onSignedIn();
    },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        signIn.mutate({
          clientId: values.clientId,
          apiKey: values.apiKey,
          appId: values.appId || undefined,
          operator: values.operator || undefined,
        }),
      )}
    >
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
          {...form.register('operator')}
          error={errors.operator?.message}
        />
        <TextInput
          label="Client ID"
          autoComplete="username"
          required
          {...form.register('clientId')}
          error={errors.clientId?.message}
        />
        <PasswordInput
          label="API key"
          autoComplete="current-password"
          required
          {...form.register('apiKey')}
          error={errors.apiKey?.message}
        />
        <TextInput
          label="App ID"
          description="Optional: acts for one app of the organization (sent as Api-App-Id)"
          {...form.register('appId')}
          error={errors.appId?.message}
        />
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
