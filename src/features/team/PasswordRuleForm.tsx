import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { passwordRuleQuery, type TeamChange, useAskPasswordRule } from '../../api/team';
import type { Member } from '../../api/team-session';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { placeFieldErrors } from '../../components/place-field-errors';
import { Select } from '../../components/Select';
import { type PasswordsOffInput, type PasswordsOffOutput, passwordsOffSchema } from './password-rule-schema';

/**
 * Passwords off for everyone but one break-glass admin, or on again: either way a team request that another admin
 * confirms. Offered only where the console signs in through the company's provider.
 */
export function PasswordRuleForm({
  admins,
  onAsked,
}: {
  /** The organization's active admins: the break-glass admin is one of those with an authenticator. */
  admins: readonly Member[];
  onAsked: (change: TeamChange) => void;
}) {
  const rule = useQuery(passwordRuleQuery());
  const ask = useAskPasswordRule();
  const form = useForm<PasswordsOffInput, unknown, PasswordsOffOutput>({
    resolver: zodResolver(passwordsOffSchema),
    defaultValues: { break_glass_member_id: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const onError = (error: Error) =>
    placeFieldErrors(error, form.setError, (path) =>
      path === 'break_glass_member_id' || path === 'passwords' ? 'break_glass_member_id' : undefined,
    );
  const turnOff = form.handleSubmit((values) =>
    ask.mutate({ passwords: 'off', ...values }, { onSuccess: onAsked, onError }),
  );
  const options = admins
    .filter((m) => m.totp_enrolled)
    .map((m) => ({ value: m.id, label: `${m.name} (${m.email})` }));
  const data = rule.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="password-rule-title">
      <Stack>
        <Title order={2} size="h4" id="password-rule-title">
          Passwords
        </Title>
        {rule.isError && <ApiErrorAlert error={rule.error} />}
        {data && (
          <Text size="sm">
            {data.passwords === 'off'
              ? `Passwords are off: members sign in with single sign-on${data.provider_name ? ` (${data.provider_name})` : ''}, except ${data.break_glass?.name ?? 'the break-glass admin'}, the break-glass admin, with a password and their code.`
              : data.sso_configured
                ? 'Members may sign in with a password or with single sign-on. Turning passwords off leaves one break-glass admin with a password and their code; another admin confirms it.'
                : 'Members sign in with a password. Passwords can be turned off once single sign-on is set up on the console server (OIDC_ISSUER).'}
          </Text>
        )}
        {ask.error && !(ask.error instanceof ApiError && Object.keys(ask.error.fieldErrors).length > 0) && (
          <ApiErrorAlert error={ask.error} />
        )}
        {data?.passwords === 'off' ? (
          <Group>
            <Button
              variant="default"
              loading={ask.isPending}
              onClick={() => ask.mutate({ passwords: 'on' }, { onSuccess: onAsked })}
            >
              Ask to turn passwords back on
            </Button>
          </Group>
        ) : (
          <form noValidate onSubmit={turnOff}>
            <Group align="flex-end">
              <Controller
                control={form.control}
                name="break_glass_member_id"
                render={({ field }) => (
                  <Select
                    label="Break-glass admin"
                    required
                    data={options}
                    allowDeselect={false}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={errors.break_glass_member_id?.message}
                  />
                )}
              />
              <Button type="submit" loading={ask.isPending}>
                Ask to turn passwords off
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
