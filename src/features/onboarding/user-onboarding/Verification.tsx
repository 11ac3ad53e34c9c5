import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { useSendVerification, useVerifyUser } from '../../../api/onboarding';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { Notice } from '../../../components/Notice';
import { placeFieldErrors } from '../../../components/place-field-errors';
import { Section } from '../../../components/Section';
import type { z } from '../../../lib/zod';
import { type CodeFormValues, codeFormSchema } from './validation';

/** A code sent to the user's phone (text or voice), and the code they read out, checked by the service. */
export function Verification({ userId, ticket }: { userId: string; ticket: string }) {
  const send = useSendVerification();
  const verify = useVerifyUser();
  const form = useForm<CodeFormValues, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { voice: 'sms', code: '' },
  });
  const submit = form.handleSubmit(({ code }) =>
    verify.mutate(
      { userId, code, ticket },
      {
        onSuccess: () => form.reset({ ...form.getValues(), code: '' }),
        // The service's word on a code (wrong, expired, none sent yet) is said at the field.
        onError: (error) => {
          placeFieldErrors(error, form.setError, (path) => (path === 'token' ? 'code' : undefined));
          if (error instanceof ApiError && !error.fieldErrors.token) {
            form.setError('code', { type: 'server', message: error.message });
          }
        },
      },
    ),
  );
  return (
    <Section title="Verification">
      <Stack>
        <Controller
          control={form.control}
          name="voice"
          render={({ field }) => (
            <Radio.Group label="Send the code by" value={field.value} onChange={field.onChange}>
              <Group mt="xs">
                <Radio value="sms" label="Text message" />
                <Radio value="voice" label="Voice call" />
              </Group>
            </Radio.Group>
          )}
        />
        <Group>
          <Button
            variant="default"
            loading={send.isPending}
            // A new code makes the last answer about a code stale: it goes from under the field.
            onClick={() =>
              send.mutate(
                { userId, voice: form.getValues('voice') === 'voice', ticket },
                {
                  onSuccess: () => {
                    verify.reset();
                    form.clearErrors('code');
                  },
                },
              )
            }
          >
            Send verification code
          </Button>
        </Group>
        {send.isSuccess && (
          <Notice tone="success" role="status" title="Code sent">
            Ask the user to read you the 6-digit code.
          </Notice>
        )}
        {send.isError && <ApiErrorAlert error={send.error} title="The code was not sent" />}
        <form noValidate onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              {...form.register('code')}
              error={form.formState.errors.code?.message}
              maw={200}
            />
            <Button type="submit" loading={verify.isPending}>
              Enter code
            </Button>
          </Group>
        </form>
        {verify.isError && !(verify.error instanceof ApiError) && (
          <ApiErrorAlert error={verify.error} title="The code was not checked" />
        )}
        {verify.isSuccess && (
          <Notice tone="success" role="status" title="User verified">
            The code was right.
          </Notice>
        )}
      </Stack>
    </Section>
  );
}
