import { Loader } from '@mantine/core';
import { TextInput } from '@/components/primitives/inputs';
import { Group, Paper, Text } from '@/components/primitives/primitives';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { SEARCH_DEBOUNCE_MS, SEARCH_DROPDOWN_MAX, withReferral } from '@fundry/shared';
import { useProjectTypeahead } from '@/features/discovery/api/typeahead';
import { useI18n } from '@/lib/i18n';
import classes from './Navbar.module.css';

/**
 * The navigation bar's project search (SPEC §2): typing shows at most 5 matching projects after a 300 ms
 * pause, each leading to its page; submitting the text goes to the results page /projects?search={text}.
 * A plain ARIA combobox (list under the field, arrows, Enter, Escape): every page shows it, and it needs no
 * positioning library.
 */
export function SearchBox({ onNavigated }: { onNavigated?: () => void }) {
  const navigate = useNavigate();
  const i18n = useI18n();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
        ? i18n.t('common.search.unavailable')
        : typeahead.isSuccess
          ? i18n.t('common.search.noResults')
          : null;
  const expanded = open && query !== '' && (results.length > 0 || message !== null);
  const activeResult = expanded ? results[active] : undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (to: string) => {
    close();
    void navigate(to);
    onNavigated?.();
  };

  const choose = (id: number) => {
    setText('');
    go(withReferral(`/projects/${id}`, 'search'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    go(`/projects?search=${encodeURIComponent(trimmed)}`);
  };

  const move = (step: 1 | -1) => {
    setOpen(true);
    if (results.length === 0) return;
    setActive((current) => {
      if (step > 0) return current + 1 < results.length ? current + 1 : 0;
      return current > 0 ? current - 1 : results.length - 1;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && activeResult) {
      event.preventDefault();
      choose(activeResult.id);
    } else if (event.key === 'Escape') {
      close();
    }
  };

  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label={i18n.t('common.search.formLabel')}
      className={classes.search}
    >
      <TextInput
        role="combobox"
        aria-label={i18n.t('common.search.label')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeResult ? `${listId}-${activeResult.id}` : undefined}
        autoComplete="off"
        placeholder={i18n.t('common.search.label')}
        leftSection={<IconSearch size={16} />}
        rightSection={waiting ? <Loader size={14} aria-label={i18n.t('common.search.searching')} /> : null}
        value={text}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          setActive(-1);
          setOpen(value.trim() !== '');
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(trimmed !== '')}
        onBlur={close}
      />
      <Paper className={classes.suggestions} shadow="md" withBorder hidden={!expanded}>
        <ul
          id={listId}
          role="listbox"
          aria-label={i18n.t('common.search.results')}
          className={classes.options}
        >
          {results.map((result, index) => (
            <li
              key={result.id}
              id={`${listId}-${result.id}`}
              role="option"
              aria-selected={index === active}
              className={classes.option}
              // Keeps focus in the field, so choosing does not first close the list on blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(result.id)}
            >
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
            </li>
          ))}
        </ul>
        {message && (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            {message}
          </Text>
        )}
      </Paper>
    </form>
  );
}
