import { ActionIcon, Code, CopyButton, Group } from '@mantine/core';

/** A full id, never truncated, with a button that copies it (for tickets and escalations). */
export function CopyableId({ id, label }: { id: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Code style={{ wordBreak: 'break-all' }}>{id}</Code>
      <CopyButton value={id}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            color="gray.8"
            onClick={copy}
            aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
            title={copied ? 'Copied' : `Copy ${label}`}
          >
            <span aria-hidden="true">{copied ? '✓' : '⧉'}</span>
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
