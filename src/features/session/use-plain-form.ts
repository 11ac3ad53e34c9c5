import { useRef, useState } from 'react';

/**
 * The sign-in forms' state, without a form library (the sign-in page's first-load budget, sign-in-rules.ts): values,
 * the rules' messages once the form has been submitted (then again on every change), and the focus on the first field
 * at fault.
 */
export function usePlainForm<V extends { [K in keyof V]: string }>(
  initial: V,
  rules: (values: V) => Partial<Record<keyof V, string>>,
  order: readonly (keyof V)[],
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof V, HTMLInputElement | null>>>({});

  const field = (name: keyof V) => ({
    name: String(name),
    value: values[name],
    error: errors[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (submitted) setErrors(rules(next));
    },
  });

  /** On submit: true when every rule holds; else the messages show and the first field at fault has the focus. */
  const check = (): boolean => {
    setSubmitted(true);
    const found = rules(values);
    setErrors(found);
    const firstWrong = order.find((name) => found[name]);
    if (firstWrong === undefined) return true;
    inputs.current[firstWrong]?.focus();
    return false;
  };

  return { values, field, check, focus: (name: keyof V) => inputs.current[name]?.focus() };
}
