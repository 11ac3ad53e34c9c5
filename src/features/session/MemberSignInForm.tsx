import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useDescribedMutation } from '../../api/activity-log';
import { ApiError } from '../../api/client';
import { session } from '../../api/credentials';
import type { MemberSignIn } from '../../api/team-session';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { type MemberSignInValues, memberSignInErrors } from './sign-in-rules';
import { usePlainForm } from './use-plain-form';

/** The sign-in call checks its answer with zod, which arrives while the member types (see sign-in-rules.ts). */
const loadTeamSessionApi = () => import('../../api/team-session');

const FIELDS = ['email', 'password', 'totp'] as const;

interface Props {
  defaults?: Partial<MemberSignInValues>;
  onSignedIn: () => void;
}

/** A team member signs in as themself: email and password, then the authenticator's code when enrolled. */
export function MemberSignInForm({ defaults, onSignedIn }: Props) {
  const queryClient = useQueryClient();
  const [askingForCode, setAskingForCode] = useState(false);
  const { values, field, check, focus } = usePlainForm<MemberSignInValues>(
    { email: '', password: '', totp: '', ...defaults },
    (given) => memberSignInErrors(given, askingForCode),
    FIELDS,
  );
  const signIn = useDescribedMutation({
    activity: null,
    mutationFn: async (given: MemberSignIn) => (await loadTeamSessionApi()).signInMember(given),
    onSuccess: ({ credentials, session: answer }) => {
      session.signIn(credentials);
      queryClient.setQueryData(['team', 'session'], answer);
      void queryClient.invalidateQueries();
      onSignedIn();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'totp-required') setAskingForCode(true);
    },
  });

  // The code's field appears once the password is right: the member types there next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the code is first asked for
  useEffect(() => {
    if (askingForCode) focus('totp');
  }, [askingForCode]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    signIn.mutate({
      email: values.email.trim(),
      password: values.password,
      totp: askingForCode ? values.totp.trim() : undefined,
    });
  };

  const error = signIn.error;
  const codeAsked = error instanceof ApiError && error.code === 'totp-required';
  return (
    <form noValidate onSubmit={submit} onFocus={() => void loadTeamSessionApi()}>
      <Stack>
        {error && !codeAsked && (
          <ApiErrorAlert
            error={error}
            title={
              error instanceof ApiError && error.status === 401
                ? 'Sign-in refused'
                : error instanceof ApiError && error.status === 429
                  ? 'Too many attempts'
                  : undefined
            }
          />
        )}
        <TextInput label="Email" type="email" autoComplete="username" required {...field('email')} />
        <PasswordInput label="Password" autoComplete="current-password" required {...field('password')} />
        {askingForCode && (
          <TextInput
            label="Authenticator code"
            description="The 6 digits your authenticator app shows for Payout Console"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            {...field('totp')}
          />
        )}
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
