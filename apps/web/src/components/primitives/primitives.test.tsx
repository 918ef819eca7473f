import {
  Group as MantineGroup,
  MantineProvider,
  Stack as MantineStack,
  Text as MantineText,
} from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Group, type GroupProps, Stack, type StackProps, Text, type TextProps } from './primitives';

const html = (element: ReactElement) =>
  renderToString(<MantineProvider withCssVariables={false}>{element}</MantineProvider>);

// What our pages pass: every prop the primitives take, alone and together, as Mantine's own takes it.
const styleCases = [
  {},
  { c: 'dimmed' },
  { c: 'teal' },
  { c: 'red.7' },
  { c: 'white' },
  { fw: 600, tt: 'uppercase' },
  { fz: 22, fw: 700, lh: 1.2 },
  { fz: 'sm', lh: 'sm' },
  { ta: 'end', td: 'line-through' },
  { m: 0, p: 0, mt: 40 },
  { px: 'sm', py: 6, h: '100%' },
  { mx: 'auto', my: 0, ml: 'md', pl: 'lg', pr: 4, w: 240 },
  { mt: '-xs', mb: '2rem', p: 'xl' },
  { miw: 0, h: 36 },
  { maw: 680, mih: 240, mb: 'lg', opacity: 0.92, fs: 'italic' },
  { visibleFrom: 'md' },
  { hiddenFrom: 'lg', className: 'own' },
  { style: { minWidth: 0, overflowWrap: 'anywhere' }, 'data-testid': 'x', lang: 'de', id: 'y' },
] as const;

describe('Text, Group and Stack: Mantine’s markup to the byte', () => {
  it.each(styleCases)('Text %o', (props) => {
    for (const own of [
      {},
      { size: 'xs' },
      { size: 'sm', lineClamp: 1 },
      { span: true, inherit: true },
      { component: 'div' },
    ] as const) {
      const all = { ...props, ...own } as TextProps;
      expect(html(<Text {...all}>words</Text>)).toBe(
        html(<MantineText {...(all as object)}>words</MantineText>),
      );
    }
  });

  it.each(styleCases)('Group %o', (props) => {
    for (const own of [
      {},
      { gap: 'xs', justify: 'space-between', align: 'flex-start', wrap: 'nowrap' },
      { gap: 0 },
      { grow: true, gap: 'xs' },
      { gap: 6, component: 'article', 'aria-label': 'an add-on' },
    ] as const) {
      const all = { ...props, ...own } as GroupProps;
      const children = ['a', false, <b key="b">b</b>, null, 'c'];
      expect(html(<Group {...all}>{children}</Group>)).toBe(
        html(<MantineGroup {...(all as object)}>{children}</MantineGroup>),
      );
    }
  });

  it.each(styleCases)('Stack %o', (props) => {
    for (const own of [
      {},
      { gap: 'xl', align: 'center', justify: 'center' },
      { gap: 4, component: 'ol' },
    ] as const) {
      const all = { ...props, ...own } as StackProps;
      expect(html(<Stack {...all}>a</Stack>)).toBe(html(<MantineStack {...(all as object)}>a</MantineStack>));
    }
  });
});
