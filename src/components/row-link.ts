import type { KeyboardEvent, MouseEvent } from 'react';
import { useLocation } from 'wouter';

/**
 * Props that make a table row open a record, as rows of a console's lists do: a click anywhere in it (not on a link
 * or control of its own, nor the end of selecting its text), or Enter while the row has the focus.
 */
export function useRowLink(): (to: string) => {
  tabIndex: number;
  'data-row-link': true;
  onClick: (event: MouseEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
} {
  const [, navigate] = useLocation();
  return (to) => ({
    tabIndex: 0,
    'data-row-link': true,
    onClick: (event) => {
      if ((event.target as Element).closest('a, button, input, select, textarea')) return;
      if (window.getSelection()?.toString()) return;
      navigate(to);
    },
    onKeyDown: (event) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) navigate(to);
    },
  });
}
