import { Button, CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { FieldErrors, UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import type { PaymentFormValues } from './payment-form-schema';

interface Props {
  form: UseFormReturn<PaymentFormValues>;
  rows: UseFieldArrayReturn<PaymentFormValues, 'metadata'>;
  /** From the form's state where the rows stand (the form's own state object is its host's, not theirs). */
  errors: FieldErrors<PaymentFormValues>['metadata'];
}

/** Key/value rows, sent as one metadata object. */
export function MetadataRows({ form, rows, errors }: Props) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={600}>Metadata</Text>
        {rows.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            Optional key/value pairs stored with the payment (an order number, a ticket).
          </Text>
        )}
        {rows.fields.map((row, index) => (
          <Group key={row.id} align="flex-start" wrap="nowrap">
            <TextInput
              label={`Metadata key ${index + 1}`}
              {...form.register(`metadata.${index}.key`)}
              error={errors?.[index]?.key?.message}
              style={{ flex: 1 }}
            />
            <TextInput
              label={`Metadata value ${index + 1}`}
              {...form.register(`metadata.${index}.value`)}
              error={errors?.[index]?.value?.message}
              style={{ flex: 2 }}
            />
            <CloseButton
              mt={28}
              aria-label={`Remove metadata ${index + 1}`}
              onClick={() => rows.remove(index)}
            />
          </Group>
        ))}
        {errors?.message && (
          <Text size="sm" c="red.8" role="alert">
            {errors.message}
          </Text>
        )}
        <Group>
          <Button variant="default" onClick={() => rows.append({ key: '', value: '' })}>
            Add metadata
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
