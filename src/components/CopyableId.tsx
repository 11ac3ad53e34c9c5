import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';

/** A full id, never truncated, with a button that copies it (for tickets and escalations). */
export function CopyableId({ id, label }: { id: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Code style={{ wordBreak: 'break-all' }}>{id}</Code>
      <CopyButton value={id}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
            <ActionIcon variant="subtle" color="gray.8" onClick={copy} aria-label={`Copy ${label}`}>
              <span aria-hidden="true">{copied ? '✓' : '⧉'}</span>
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
