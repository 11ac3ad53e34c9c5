import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useDeleteUser } from '../../../api/onboarding';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { Section } from '../../../components/Section';
import { deleteFormSchema } from './validation';

/** An admin deletes a user, confirmed by typing their name; the service keeps one with money on its way. */
export function DeleteUser({ userId, name, ticket }: { userId: string; name: string; ticket: string }) {
  const remove = useDeleteUser();
  const [opened, setOpened] = useState(false);
  const [, navigate] = useLocation();
  const schema = useMemo(() => deleteFormSchema(name), [name]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { typed: '' } });
  const typed = useWatch({ control: form.control, name: 'typed' });
  const submit = form.handleSubmit(() =>
    remove.mutate({ userId, ticket }, { onSuccess: () => navigate('/users') }),
  );
  return (
    <Section title="Delete">
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpened(true)}>
          Delete user
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Delete this user?" centered>
        <form noValidate onSubmit={submit}>
          <Stack>
            <Text size="sm">
              Type the user's name, {name}, to delete them. A user with money on its way or in their wallet is
              kept.
            </Text>
            <TextInput
              label="User's name"
              {...form.register('typed')}
              error={form.formState.errors.typed?.message}
            />
            {remove.isError && <ApiErrorAlert error={remove.error} title="The user was not deleted" />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Keep the user
              </Button>
              <Button type="submit" color="red" disabled={typed.trim() !== name} loading={remove.isPending}>
                Delete {name}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Section>
  );
}
