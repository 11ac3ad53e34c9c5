// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepFocusOnControlPress } from './keep-focus-on-control-press';

/** A press as React hands it to the form's onMouseDown. */
function press(target: Element, button = 0) {
  const preventDefault = vi.fn();
  keepFocusOnControlPress({ button, target, preventDefault } as never);
  return preventDefault;
}

describe('keepFocusOnControlPress', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <form>
        <input id="amount" type="text" />
        <div>
          <div><input id="stored" type="radio" name="source" /></div>
          <label id="stored-label" for="stored">Stored account</label>
        </div>
        <input id="off" type="radio" name="source" disabled />
        <button id="review" type="submit"><span id="review-text">Review payment</span></button>
      </form>`;
    (document.getElementById('amount') as HTMLInputElement).focus();
  });

  it('keeps the focus in the field when a button or its text is pressed', () => {
    expect(press(document.getElementById('review') as Element)).toHaveBeenCalled();
    expect(press(document.getElementById('review-text') as Element)).toHaveBeenCalled();
  });

  it('keeps the focus in the field while a radio or its label is pressed, and gives it the radio once clicked', async () => {
    for (const id of ['stored', 'stored-label']) {
      expect(press(document.getElementById(id) as Element)).toHaveBeenCalled();
    }
    const radio = document.getElementById('stored') as HTMLInputElement;
    expect(document.activeElement?.id).toBe('amount');
    radio.click();
    expect(radio.checked).toBe(true);
    // Not inside the click: the field's blur would re-render the group before React reads the click.
    expect(document.activeElement?.id).toBe('amount');
    await new Promise((resolve) => setTimeout(resolve));
    expect(document.activeElement).toBe(radio);
  });

  it('leaves presses on fields, disabled radios and other buttons of the mouse alone', () => {
    expect(press(document.getElementById('amount') as Element)).not.toHaveBeenCalled();
    expect(press(document.getElementById('off') as Element)).not.toHaveBeenCalled();
    expect(press(document.getElementById('stored') as Element, 2)).not.toHaveBeenCalled();
  });
});
