import { type RefObject, useEffect, useRef } from 'react';

/**
 * After a refused submit, the focus goes to the first field at fault in the order the form shows them. A form's own
 * focus follows the order its fields were registered in, where a picker (a Controller) comes after the plain fields
 * below it: the focus went to the amount while the payer above it, out of sight, was what was missing. The form then
 * says `shouldFocusError: false` and passes its submit count here.
 */
export function useFocusFirstInvalid(submitCount: number): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (submitCount > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  return form;
}
