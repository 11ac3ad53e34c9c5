import { Alert, type AlertProps } from '@mantine/core';

/**
 * A warning the operator must read before going on. Yellow, with its title in the text color: Mantine's yellow
 * title on the yellow wash is about 2:1, far below WCAG AA.
 */
export function WarningAlert(props: Omit<AlertProps, 'color'>) {
  return <Alert color="yellow" styles={{ title: { color: 'var(--mantine-color-text)' } }} {...props} />;
}
