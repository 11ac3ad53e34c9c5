import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/**
 * The list's search: sent a moment after the operator stops typing, kept in the URL by the page. When the URL
 * changes by other means (the navigation's link, Back), the box shows what the list is now searched for.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  // What this box last put in the URL: a value that differs came from elsewhere.
  const sent = useRef(value);
  const search = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onSearch(sent.current);
  }, 300);
  useEffect(() => {
    if (value === sent.current) return;
    search.cancel();
    sent.current = value;
    setText(value);
  }, [value, search]);
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
