import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useId, useRef } from 'react';

/** An invoice PDF dropped or chosen: the service reads it into a draft the person corrects. */
export function InvoiceDrop({
  onFile,
  busy,
  error,
}: {
  onFile: (file: File) => void;
  busy: boolean;
  error: string | null;
}) {
  const inputId = useId();
  const open = useRef<() => void>(null);
  return (
    <Stack gap={6}>
      <Text component="label" htmlFor={inputId} fw={500} size="sm">
        Invoice PDF
      </Text>
      <Dropzone
        onDrop={(files) => files[0] && onFile(files[0])}
        multiple={false}
        disabled={busy}
        openRef={open}
        activateOnClick={false}
        activateOnKeyboard={false}
        enablePointerEvents
        inputProps={{ id: inputId, accept: 'application/pdf,.pdf', 'aria-label': undefined }}
        p="lg"
      >
        <Group justify="center" gap="sm">
          <Text fw={500}>Drop an invoice PDF here, or</Text>
          <Button variant="light" onClick={() => open.current?.()} loading={busy}>
            Choose PDF
          </Button>
        </Group>
        <Text ta="center" size="sm" c="dimmed" mt="xs">
          The service reads the number, the total, the items and the vendor into a draft you correct.
        </Text>
      </Dropzone>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
