import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useId, useRef } from 'react';
import { downloadCsv } from './download';

interface Props {
  onFile: (file: File) => void;
  /** False while a run is sending: a file dropped then is not taken. */
  active: boolean;
  /** The field's name ("Payments file"), what it takes, and a template to start from. */
  label: string;
  hint: string;
  template: { name: string; csv: string };
}

/**
 * A file of rows (payments, payouts): chosen with the Choose file button (keyboard or pointer), or dropped on the zone or anywhere on
 * the page. The file input itself is named by its label ("Payments file") (the library's own name for it is dropped).
 */
export function FileChooser({ onFile, active, label, hint, template }: Props) {
  const inputId = useId();
  const hintId = useId();
  const openDialog = useRef<() => void>(null);
  const take = (files: File[]) => {
    const [file] = files;
    if (file) onFile(file);
  };
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="end">
        <Text component="label" htmlFor={inputId} fw={500} size="sm">
          {label}
        </Text>
        <Button variant="default" size="xs" onClick={() => downloadCsv(template.name, template.csv)}>
          Download template
        </Button>
      </Group>
      <Dropzone
        onDrop={take}
        multiple={false}
        disabled={!active}
        openRef={openDialog}
        activateOnClick={false}
        activateOnKeyboard={false}
        // The zone's inner area lets the pointer through to the page by default: its Choose file button takes it.
        enablePointerEvents
        inputProps={{
          id: inputId,
          accept: '.csv,text/csv,text/plain',
          'aria-label': undefined,
          'aria-describedby': hintId,
        }}
        p="lg"
      >
        <Group justify="center" gap="sm">
          <Text fw={500}>Drop a CSV file here, or</Text>
          <Button
            variant="light"
            onClick={() => openDialog.current?.()}
            disabled={!active}
            aria-describedby={hintId}
          >
            Choose file
          </Button>
        </Group>
        <Text id={hintId} ta="center" size="sm" c="dimmed" mt="xs">
          {hint}
        </Text>
      </Dropzone>
      {/* Its input is for drops only, hidden from assistive technology: the one above is the field. */}
      <Dropzone.FullScreen
        active={active}
        onDrop={take}
        multiple={false}
        inputProps={{ 'aria-hidden': true, 'aria-label': undefined }}
      >
        {/* Only while a file is dragged over the page: the overlay is in the page (transparent) the rest of the time. */}
        <Dropzone.Accept>
          <Text ta="center" size="xl" fw={600} mt="40vh">
            {`Drop the ${label.toLowerCase()} to check it`}
          </Text>
        </Dropzone.Accept>
      </Dropzone.FullScreen>
    </Stack>
  );
}
