import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** The list's search: sent a moment after the operator stops typing, kept in the URL by the page. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), 300);
  return (
    <TextInput
      label="Search"
      description="Name, email, phone or ID"
      type="search"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      style={{ flex: 1, minWidth: 260 }}
    />
  );
}
