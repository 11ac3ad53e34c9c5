import { Badge, Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useReducer, useState } from 'react';
import type { PickerOption, PickerSource } from '../api/search-source';
import { isUuid } from '../lib/uuid';

interface Props {
  label: string;
  description?: string;
  source: PickerSource;
  /** The id picked, or '' for none. */
  value: string;
  onChange: (id: string, option: PickerOption | null) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: ReactNode;
  placeholder?: string;
  /** The field's input: a form that refuses an empty pick puts the focus there, as at any other field (field.ref). */
  ref?: Ref<HTMLInputElement>;
}

export const PICKER_DESCRIPTION = 'Name, email, phone or ID';

export const shortId = (id: string) => id.slice(0, 8);

/** "Amara Okafor · amara.okafor@example.com": what the field shows once something is picked. */
export function pickedText(option: PickerOption): string {
  const text = option.detail ? `${option.name} · ${option.detail}` : option.name;
  return option.status === 'disabled' ? `${text} (disabled)` : text;
}

/**
 * A searchable combobox in place of an id box: type a name, an email, a phone or an id; move with the arrow keys; pick
 * with Enter or a click. A pasted id that names one of the organization's own is picked at once. The id stays the
 * form's value; the field shows who it is.
 */
export function SearchPicker({
  label,
  description = PICKER_DESCRIPTION,
  source,
  value,
  onChange,
  onBlur,
  required,
  error,
  placeholder,
  ref,
}: Props) {
  // One more render once the list exists, as components/Select.tsx explains: aria-expanded and aria-controls.
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => setTimeout(renderAgain, 0),
  });
  // What the operator is typing; null while the field shows what is picked.
  const [typed, setTyped] = useState<string | null>(null);
  const [query] = useDebouncedValue(typed?.trim() ?? '', 250);
  const pastedId = typed !== null && isUuid(typed) ? typed.trim().toLowerCase() : null;
  const picked = useQuery({
    queryKey: [source.key, 'pick', value],
    queryFn: () => source.resolve(value),
    enabled: isUuid(value),
    staleTime: 60_000,
  });
  const found = useQuery({
    queryKey: [source.key, 'search', query],
    queryFn: () => source.search(query),
    enabled: combobox.dropdownOpened && pastedId === null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const pasted = useQuery({
    queryKey: [source.key, 'pick', pastedId],
    queryFn: () => source.resolve(pastedId ?? ''),
    enabled: pastedId !== null,
    staleTime: 60_000,
  });

  // A pasted id of the organization's own is picked as soon as it is known.
  useEffect(() => {
    if (pastedId && pasted.data && pasted.data.id === pastedId && typed?.trim().toLowerCase() === pastedId) {
      onChange(pasted.data.id, pasted.data);
      setTyped(null);
      combobox.closeDropdown();
    }
  }, [pastedId, pasted.data, typed, onChange, combobox]);

  // Options are offered only for the text in the field: the list of an earlier text (while the next one waits for its
  // pause or its answer) is never under the pointer, where a click would pick someone who does not match.
  const answersTyped = query === (typed?.trim() ?? '') && !found.isPlaceholderData;
  const options =
    pastedId !== null ? (pasted.data ? [pasted.data] : []) : answersTyped ? (found.data?.options ?? []) : [];
  const loading =
    pastedId !== null ? pasted.isFetching : combobox.dropdownOpened && (!answersTyped || found.isFetching);
  // While an id picked elsewhere (a deep link) is looked up, the id itself; then who it is.
  const shown = typed ?? (picked.data ? pickedText(picked.data) : value);

  const pick = (id: string) => {
    const option = options.find((o) => o.id === id) ?? null;
    onChange(id, option);
    setTyped(null);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} keepMounted={false} transitionProps={{ duration: 0 }}>
      {/* A combobox to assistive technology (WAI-ARIA 1.2): role, aria-expanded, aria-controls, aria-activedescendant. */}
      <Combobox.Target withExpandedAttribute ref={ref}>
        <InputBase
          label={label}
          description={description}
          required={required}
          error={error}
          placeholder={placeholder}
          autoComplete="off"
          value={shown}
          rightSection={
            loading ? <Loader size={16} role="status" aria-label="Searching" /> : <Combobox.Chevron />
          }
          rightSectionPointerEvents="none"
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !combobox.dropdownOpened) combobox.openDropdown();
            // Enter with nothing to pick picks nothing: it does not send the form the picker is in.
            if (event.key === 'Enter' && combobox.dropdownOpened && options.length === 0)
              event.preventDefault();
          }}
          onFocus={(event) => event.currentTarget.select()}
          onBlur={() => {
            setTyped(null);
            combobox.closeDropdown();
            onBlur?.();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {/* Busy while a search is out: its options are about to change (and may be none yet). */}
        <Combobox.Options
          aria-label={`${label}: choices`}
          aria-busy={loading}
          hidden={options.length === 0 && !loading}
        >
          {options.map((option) => (
            <Combobox.Option value={option.id} key={option.id} active={option.id === value}>
              <Text size="sm" fw={600} span>
                {option.name}
              </Text>{' '}
              <Text size="sm" c="dimmed" span>
                {option.detail ? `${option.detail} · ` : ''}ID {shortId(option.id)}
              </Text>
              {option.status && option.status !== 'verified' && (
                <Badge
                  ml={6}
                  size="sm"
                  variant="filled"
                  color={option.status === 'disabled' ? 'red.9' : 'gray.8'}
                >
                  {option.status === 'disabled' ? 'Disabled' : option.status.replace('_', ' ')}
                </Badge>
              )}
            </Combobox.Option>
          ))}
        </Combobox.Options>
        {/* Beside the list, which is hidden while it has no option: an empty listbox is a list with nothing to read. */}
        {options.length === 0 && !loading && (
          <Combobox.Empty role="status">{source.nothingFound}</Combobox.Empty>
        )}
        {found.data?.note && pastedId === null && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {found.data.note}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
