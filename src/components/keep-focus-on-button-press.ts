import type { MouseEvent } from 'react';

/**
 * For a form that checks a field as it loses focus: pressing one of the form's buttons leaves the focus where it is.
 * Otherwise the press blurs the field, the field's error appears and moves everything below it down, and the release
 * lands beside the button: no click, and nothing says so. (The buttons' actions check every field anyway; keyboard
 * focus is untouched.)
 */
export function keepFocusOnButtonPress(event: MouseEvent<HTMLFormElement>): void {
  if (event.button === 0 && event.target instanceof Element && event.target.closest('button'))
    event.preventDefault();
}
