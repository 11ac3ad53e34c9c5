import { Select as MantineSelect, type SelectProps } from '@mantine/core';
import { useReducer } from 'react';

/**
 * Mantine's Select, whose input says it is expanded and which list it controls (WAI-ARIA 1.2's combobox) as soon as
 * it opens. The list exists only while open (theme.ts says why), and Mantine reads its id when the input renders, a
 * moment before the list has one: one more render once the list is there puts aria-expanded and aria-controls right.
 */
export function Select(props: SelectProps) {
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  return (
    <MantineSelect
      {...props}
      onDropdownOpen={() => {
        props.onDropdownOpen?.();
        setTimeout(renderAgain, 0);
      }}
    />
  );
}
