import {
  MantineProvider,
  NativeSelect as MantineNativeSelect,
  TextInput as MantineTextInput,
} from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NativeSelect, type NativeSelectProps, TextInput, type TextInputProps } from './inputs';

// Ids included: ours must be Mantine's at the same place in the tree, or the server's markup does not hydrate.
const html = (element: ReactElement) =>
  renderToString(<MantineProvider withCssVariables={false}>{element}</MantineProvider>);

const onChange = () => undefined;

// What our layout passes: the search field, and the footer's language and currency menus at both sizes.
const textInputCases: TextInputProps[] = [
  { value: '', onChange },
  {
    role: 'combobox',
    'aria-label': 'Search projects',
    'aria-autocomplete': 'list',
    'aria-expanded': false,
    'aria-controls': 'list-id',
    autoComplete: 'off',
    placeholder: 'Search projects',
    leftSection: <svg aria-hidden />,
    rightSection: null,
    value: '',
    onChange,
  },
  {
    role: 'combobox',
    'aria-label': 'Search projects',
    'aria-expanded': true,
    'aria-activedescendant': 'list-id-7',
    leftSection: <svg aria-hidden />,
    rightSection: <span aria-label="Searching" />,
    value: 'solar',
    onChange,
  },
  { size: 'xs', label: 'Name', disabled: true, w: 200, value: 'x', onChange },
  { label: 'Name', className: 'own', style: { flex: 1 }, mt: 'sm', defaultValue: 'y' },
];

const data = [
  { value: 'en', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'ar', label: 'العربية' },
];

const nativeSelectCases: NativeSelectProps[] = [
  { data: data.slice(0, 1), value: 'en', onChange },
  { label: 'Language', size: 'sm', w: 200, leftSection: <svg aria-hidden />, data, value: 'de', onChange },
  { label: 'Language', size: 'xs', w: 200, leftSection: <svg aria-hidden />, data, value: 'ar', onChange },
  {
    label: 'Currency',
    size: 'xs',
    w: 200,
    leftSection: <svg aria-hidden />,
    data,
    value: 'en',
    disabled: true,
    onChange,
  },
  { label: 'Currency', size: 'sm', data, value: 'de', disabled: false, rightSection: <b />, onChange },
  { data, defaultValue: 'de', className: 'own', style: { flex: 1 }, mb: 'md' },
];

describe('TextInput and NativeSelect: Mantine’s markup to the byte', () => {
  it.each(textInputCases)('TextInput %#', (props) => {
    expect(html(<TextInput {...props} />)).toBe(html(<MantineTextInput {...props} />));
  });

  it.each(nativeSelectCases)('NativeSelect %#', (props) => {
    expect(html(<NativeSelect {...props} />)).toBe(html(<MantineNativeSelect {...props} />));
  });
});
