import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useDescribedMutation } from '../../api/activity-log';
import { ApiError } from '../../api/client';
import { type Credentials, session } from '../../api/credentials';
import { runtimeConfigQuery } from '../../api/runtime-config';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { type SignInErrors, type SignInValues, signInErrors } from './sign-in-rules';

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
  const [values, setValues] = useState<SignInValues>({
    operator: '',
    clientId: '',
    apiKey: '',
    appId: '',
    ...defaults,
  });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof SignInValues, HTMLInputElement | null>>>({});
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

  // As with the other forms: first checked on submit, then again on every change.
  const field = (name: keyof SignInValues) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (submitted) setErrors(signInErrors(next, production));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = signInErrors(values, production);
    setErrors(found);
    const firstWrong = FIELDS.find((name) => found[name]);
    if (firstWrong) {
      inputs.current[firstWrong]?.focus();
      return;
    }
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
        <PasswordInput label="API key" autoComplete="current-password" required {...field('apiKey')} />
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
