import type { MouseEvent } from 'react';

/**
 * The radio a press is on: the input itself, or the label that belongs to it. (A press on Mantine's dot is on the
 * input: the dot lets pointer events through.)
 */
function pressedRadio(target: Element): HTMLInputElement | null {
  const input = target.closest('input[type="radio"]') ?? target.closest('label')?.control ?? null;
  return input instanceof HTMLInputElement && input.type === 'radio' ? input : null;
}

/** A select's or a picker's input: it opens on the click, so a lost click opens nothing. */
function pressedCombobox(target: Element): HTMLInputElement | null {
  const input = target.closest('input[role="combobox"]');
  return input instanceof HTMLInputElement ? input : null;
}

/**
 * For a form that checks a field as it loses focus: pressing one of the form's buttons, radios or selects leaves the focus
 * where it is until the click has landed. Otherwise the press blurs the field, the field's error appears and moves
 * everything below it down, and the release lands beside the control: no click, and nothing says so. A radio takes
 * the focus once its click is in (the field's error then shows, harmlessly); the buttons' actions check every field
 * anyway. Keyboard focus is untouched.
 */
export function keepFocusOnControlPress(event: MouseEvent<HTMLFormElement>): void {
  if (event.button !== 0 || !(event.target instanceof Element)) return;
  if (event.target.closest('button')) {
    event.preventDefault();
    return;
  }
  const radio = pressedRadio(event.target) ?? pressedCombobox(event.target);
  if (!radio || radio.disabled || radio === document.activeElement) return;
  event.preventDefault();
  // After the click has been handled: focused inside it, the field's blur re-renders the group before React has
  // read the click, with the old value, and the choice is lost. If the release lands elsewhere, the radio is
  // focused after its next click, which would focus it anyway.
  radio.addEventListener('click', () => setTimeout(() => radio.focus()), { once: true });
}
