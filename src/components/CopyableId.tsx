import { ActionIcon, Code, CopyButton, Group } from '@mantine/core';

/** Drawn, not a font's glyph: a glyph the system font lacks showed as an empty box. */
function CopyIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M5 12l5 5 9-11" />
    </svg>
  );
}

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
            {copied ? <CheckIcon /> : <CopyIcon />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
