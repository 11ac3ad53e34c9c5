import { Alert, type AlertProps } from '@mantine/core';

export type NoticeTone = 'success' | 'info' | 'warning' | 'danger';

const COLORS: Record<NoticeTone, string> = {
  success: 'green',
  info: 'blue',
  warning: 'yellow',
  danger: 'red',
};

/**
 * The console's one notice: a tinted box whose title and text are in the page's text color, readable in light and
 * dark alike (a shaded color such as `green.9` with the light variant drew a filled box with its title in the same
 * color as the box, invisible; the tint's own colored text is below WCAG AA on yellow and close to it elsewhere).
 */
export function Notice({ tone, ...props }: Omit<AlertProps, 'color' | 'variant'> & { tone: NoticeTone }) {
  return (
    <Alert
      variant="light"
      color={COLORS[tone]}
      styles={{
        root: { borderLeft: `4px solid var(--mantine-color-${COLORS[tone]}-filled)` },
        title: { color: 'var(--mantine-color-text)' },
        message: { color: 'var(--mantine-color-text)' },
      }}
      {...props}
    />
  );
}
