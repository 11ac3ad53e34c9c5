import { Badge, VisuallyHidden } from '@mantine/core';

/** Shades with at least 4.5:1 contrast against white text (green.9 has 4.4:1: teal.9 stands for it). */
const COLOR_BY_STATUS: Record<string, string> = {
  created: 'gray.7',
  pending: 'blue.8',
  completed: 'teal.9',
  failed: 'red.9',
  reversed: 'pink.9',
  canceled: 'dark.6',
  flagged: 'violet.9',
};

/** `color` where the status is said in words a page chose (a bill's "Waiting for approval"), not the service's code. */
export function StatusBadge({ status, color }: { status: string; color?: string | undefined }) {
  return (
    // A label on a plain element is not read out; words that only a screen reader hears are.
    <Badge color={color ?? COLOR_BY_STATUS[status] ?? 'gray.8'} variant="filled" data-status={status}>
      <VisuallyHidden>Status: </VisuallyHidden>
      {status}
    </Badge>
  );
}
