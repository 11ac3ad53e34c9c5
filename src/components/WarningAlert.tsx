import type { AlertProps } from '@mantine/core';
import { Notice } from './Notice';

/** A warning the operator must read before going on. */
export function WarningAlert(props: Omit<AlertProps, 'color' | 'variant'>) {
  return <Notice tone="warning" {...props} />;
}
