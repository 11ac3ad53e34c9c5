import { Badge } from '@mantine/core';

/** Shades chosen for at least 4.5:1 contrast with white text. */
const COLOR_BY_STATUS: Record<string, string> = {
  created: 'gray.7',
  pending: 'blue.8',
  completed: 'green.9',
  failed: 'red.9',
  reversed: 'pink.9',
  canceled: 'dark.6',
  flagged: 'violet.9',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLOR_BY_STATUS[status] ?? 'gray.8'} variant="filled" aria-label={`Status: ${status}`}>
      {status}
    </Badge>
  );
}
