import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS, SEARCH_DROPDOWN_MAX } from '@fundry/shared';
import { useProjectTypeahead } from '@/features/discovery/api/discovery';
import classes from './Navbar.module.css';

/**
 * The navigation bar's project search (SPEC §2): typing shows at most 5 matching projects after a 300 ms
 * pause, each leading to its page; submitting the text goes to the results page /projects?search={text}.
 */
export function SearchBox({ onNavigated }: { onNavigated?: () => void }) {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const [debounced] = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  // Empty text clears at once; otherwise the last text that stood still for the debounce period.
  const query = trimmed === '' ? '' : debounced;
  const typeahead = useProjectTypeahead(query);
  const results = query ? (typeahead.data ?? []).slice(0, SEARCH_DROPDOWN_MAX) : [];
  const waiting = trimmed !== '' && (query !== trimmed || typeahead.isFetching);
  const message =
    results.length > 0 || typeahead.isFetching
      ? null
      : typeahead.isError
        ? 'Search is unavailable right now'
        : typeahead.isSuccess
          ? 'No projects found'
          : null;

  const go = (to: string) => {
    combobox.closeDropdown();
    void navigate(to);
    onNavigated?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    go(`/projects?search=${encodeURIComponent(trimmed)}`);
  };

  return (
    <form onSubmit={submit} role="search" aria-label="Project search" className={classes.search}>
      <Combobox
        store={combobox}
        onOptionSubmit={(value) => {
          setText('');
          go(`/projects/${value}`);
        }}
        withinPortal
        zIndex={400}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            aria-label="Search projects"
            placeholder="Search projects"
            leftSection={<IconSearch size={16} />}
            rightSection={waiting ? <Loader size={14} aria-label="Searching" /> : null}
            value={text}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              combobox.resetSelectedOption();
              if (value.trim()) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => trimmed && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!query || (results.length === 0 && !message)}>
          <Combobox.Options aria-label="Matching projects">
            {results.map((result) => (
              <Combobox.Option key={result.id} value={String(result.id)}>
                <Group justify="space-between" gap="sm" wrap="nowrap">
                  <Text size="sm" lineClamp={1}>
                    {result.title}
                  </Text>
                  {result.category_name && (
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {result.category_name}
                    </Text>
                  )}
                </Group>
              </Combobox.Option>
            ))}
            {results.length === 0 && typeahead.isError && (
              <Combobox.Empty>Search is unavailable right now</Combobox.Empty>
            )}
            {results.length === 0 && typeahead.isSuccess && (
              <Combobox.Empty>No projects found</Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
