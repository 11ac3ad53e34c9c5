import { Group, Radio } from '@mantine/core';

interface Props<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
}

/** A labelled group of radio buttons in a row: each option is found by its name, the group by its label. */
export function RadioChoice<T extends string>({ label, value, onChange, options }: Props<T>) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as T)}>
      <Group mt={4}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}
