import {
  Anchor as MantineAnchor,
  Container as MantineContainer,
  Button as MantineButton,
  createTheme,
  Group as MantineGroup,
  MantineProvider,
  Paper as MantinePaper,
  Stack as MantineStack,
  Text as MantineText,
  Title as MantineTitle,
  UnstyledButton as MantineUnstyledButton,
  VisuallyHidden as MantineVisuallyHidden,
} from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { Button, type ButtonProps, UnstyledButton, type UnstyledButtonProps } from './buttons';
import classes from './primitives.module.css';
import {
  Anchor,
  type AnchorProps,
  Container,
  type ContainerProps,
  Group,
  type GroupProps,
  Paper,
  type PaperProps,
  SimpleGrid,
  Stack,
  type StackProps,
  Text,
  type TextProps,
  Title,
  type TitleProps,
  VisuallyHidden,
} from './primitives';

// Mantine's Anchor as our links are: underlined always (WCAG 1.4.1), the primitive's default.
const theme = createTheme({ components: { Anchor: { defaultProps: { underline: 'always' } } } });

const html = (element: ReactElement) =>
  renderToString(
    <MemoryRouter>
      <MantineProvider theme={theme} withCssVariables={false}>
        {element}
      </MantineProvider>
    </MemoryRouter>,
  );

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
  { bg: 'gray.0', p: 'md' },
  { bg: 'teal', c: 'white' },
  { mt: '-xs', mb: '2rem', p: 'xl' },
  { miw: 0, h: 36 },
  { maw: 680, mih: 240, mb: 'lg', opacity: 0.92, fs: 'italic' },
  { visibleFrom: 'md' },
  { hiddenFrom: 'lg', className: 'own' },
  { style: { minWidth: 0, overflowWrap: 'anywhere' }, 'data-testid': 'x', lang: 'de', id: 'y' },
] as const;

describe('Text, Group, Stack, Paper, Title and Anchor: Mantine’s markup to the byte', () => {
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

  it.each(styleCases)('Paper %o', (props) => {
    for (const own of [
      {},
      { radius: 'lg', shadow: 'xs', withBorder: true },
      { radius: 'md', component: 'section' },
      { shadow: 'md', component: 'li', 'aria-labelledby': 'h' },
    ] as const) {
      const all = { ...props, ...own } as PaperProps;
      expect(html(<Paper {...all}>a</Paper>)).toBe(html(<MantinePaper {...(all as object)}>a</MantinePaper>));
    }
  });

  it.each(styleCases)('Title %o', (props) => {
    for (const own of [
      {},
      { order: 2 },
      { order: 3, size: 'sm' },
      { order: 2, size: 'h4', lineClamp: 2 },
      { order: 4, size: 18 },
    ] as const) {
      const all = { ...props, ...own } as TitleProps;
      expect(html(<Title {...all}>a</Title>)).toBe(html(<MantineTitle {...(all as object)}>a</MantineTitle>));
    }
  });

  it.each(styleCases)('Anchor %o', (props) => {
    for (const own of [
      { href: '/a' },
      { href: 'https://example.org', target: '_blank', rel: 'noopener noreferrer', size: 'sm' },
      { href: '/b', underline: 'hover', inherit: true },
      { href: '/c', lineClamp: 1 },
    ] as const) {
      const all = { ...props, ...own } as AnchorProps;
      expect(html(<Anchor {...all}>a</Anchor>)).toBe(
        html(<MantineAnchor {...(all as object)}>a</MantineAnchor>),
      );
    }
    const linked = { ...props, to: '/projects/3', state: { from: 'x' } } as object;
    expect(
      html(
        <Anchor component={Link} to="/projects/3" {...linked}>
          a
        </Anchor>,
      ),
    ).toBe(
      html(
        <MantineAnchor component={Link} to="/projects/3" {...linked}>
          a
        </MantineAnchor>,
      ),
    );
  });
});

describe('Button and UnstyledButton: Mantine’s markup to the byte', () => {
  const icon = <svg aria-hidden="true" />;
  // Every variant, size and colour our pages pass, with the sections, states and attributes they pass with them.
  const buttonCases = [
    {},
    { variant: 'default', size: 'xs', onClick: () => {} },
    { variant: 'filled', size: 'sm', 'aria-current': 'page', 'aria-label': 'Page 2' },
    { variant: 'light', size: 'xs', leftSection: icon },
    { variant: 'default', size: 'sm', leftSection: icon, disabled: true },
    { variant: 'default', size: 'sm', rightSection: icon, disabled: false },
    { variant: 'light', leftSection: icon, rightSection: <b>3</b>, 'aria-expanded': false },
    { variant: 'subtle', size: 'compact-xs', color: 'gray', 'aria-label': 'Edit' },
    { variant: 'subtle', size: 'compact-sm', color: 'red' },
    { variant: 'outline', size: 'xs', color: 'red', leftSection: icon },
    { variant: 'light', size: 'compact-xs', color: 'green', loading: false },
    { variant: 'outline', color: 'grape', title: 'Why not' },
    { variant: 'white', color: 'white', size: 'lg', c: 'teal.9' },
    { variant: 'outline', color: 'white', size: 'lg' },
    { variant: 'white', size: 'xs' },
    { color: 'teal', leftSection: icon },
    { color: 'green', size: 'md', fullWidth: true, leftSection: icon },
    { type: 'submit', fullWidth: true, loading: false },
    { type: 'submit', loading: true },
    { variant: 'default', leftSection: icon, loading: true, disabled: true },
    { color: 'red', loading: false, disabled: true },
  ] as const;

  it.each(styleCases)('Button %o', (props) => {
    for (const own of buttonCases) {
      const all = { ...props, ...own } as ButtonProps;
      expect(html(<Button {...all}>Go</Button>)).toBe(
        html(<MantineButton {...(all as object)}>Go</MantineButton>),
      );
    }
  });

  it.each(buttonCases)('Button as a link %o', (own) => {
    for (const props of [styleCases[0], styleCases[11], styleCases[18]]) {
      const linked = { ...props, ...own, component: Link, to: '/projects/3', state: { from: 'x' } } as object;
      expect(html(<Button {...(linked as ButtonProps)}>Go</Button>)).toBe(
        html(<MantineButton {...linked}>Go</MantineButton>),
      );
      const anchor = {
        ...props,
        ...own,
        component: 'a',
        href: 'https://example.org',
        target: '_blank',
        rel: 'noopener noreferrer',
      } as object;
      expect(html(<Button {...(anchor as ButtonProps)}>Go</Button>)).toBe(
        html(<MantineButton {...anchor}>Go</MantineButton>),
      );
    }
  });

  it.each(styleCases)('UnstyledButton %o', (props) => {
    for (const own of [
      {},
      { 'aria-label': 'Account', 'aria-haspopup': 'menu', 'aria-expanded': false },
      { title: 'Mark read', style: { cursor: 'pointer' }, onClick: () => {} },
      { autoFocus: true, type: 'submit' },
    ] as const) {
      const all = { ...props, ...own } as UnstyledButtonProps;
      expect(html(<UnstyledButton {...all}>a</UnstyledButton>)).toBe(
        html(<MantineUnstyledButton {...(all as object)}>a</MantineUnstyledButton>),
      );
    }
  });
});

describe('a size or padding per breakpoint', () => {
  it('sets a title’s size through a class, in rem, and no size of its order', () => {
    const markup = html(
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        a
      </Title>,
    );
    expect(markup).toContain(
      '--title-fz-base:calc(1.625rem * var(--mantine-scale));--title-fz-sm:calc(2rem * var(--mantine-scale))',
    );
    expect(markup).not.toContain('--title-fz:');
    expect(markup).toContain(`class="m_8a5d1357 mantine-Title-root ${classes.responsiveTitle}"`);
  });

  it('sets a paper’s padding through a class, a theme spacing as its variable', () => {
    const markup = html(
      <Paper p={{ base: 'md', sm: 48 }} radius="lg">
        a
      </Paper>,
    );
    expect(markup).toContain(
      '--paper-padding-base:var(--mantine-spacing-md);--paper-padding-sm:calc(3rem * var(--mantine-scale))',
    );
    expect(markup).not.toContain('padding:');
    expect(markup).toContain(classes.responsivePadding);
  });

  it('renders a paper as a link', () => {
    const markup = html(
      <Paper component={Link} to="/messages/4" withBorder>
        a
      </Paper>,
    );
    expect(markup).toMatch(
      /^.*<a class="[^"]*mantine-Paper-root" data-with-border="true" href="\/messages\/4"/s,
    );
  });
});

describe('Container and VisuallyHidden: Mantine’s markup to the byte', () => {
  it.each(['sm', 'md', 'lg', 'xl', undefined] as const)('Container of size %s', (size) => {
    for (const own of [
      {},
      { py: 40 },
      { py: 120, px: 'md' },
      { py: 'xl', className: 'own', id: 'main' },
    ] as const) {
      const all = { size, ...own } as ContainerProps;
      expect(html(<Container {...all}>a</Container>)).toBe(
        html(<MantineContainer {...(all as object)}>a</MantineContainer>),
      );
    }
  });

  it('Container with a padding per breakpoint: one class and its variables, no style element', () => {
    expect(html(<Container size="lg" py={{ base: 64, sm: 96 }} />)).toContain(
      `<div style="--container-size:var(--container-size-lg);--container-py-base:calc(4rem * var(--mantine-scale));--container-py-sm:calc(6rem * var(--mantine-scale))" class="m_7485cace mantine-Container-root ${classes.responsivePaddingBlock}" data-size="lg" data-strategy="block"></div>`,
    );
  });

  it('VisuallyHidden', () => {
    for (const props of [{}, { id: 'hint', className: 'own' }]) {
      expect(html(<VisuallyHidden {...props}>a name</VisuallyHidden>)).toBe(
        html(<MantineVisuallyHidden {...props}>a name</MantineVisuallyHidden>),
      );
    }
  });
});

describe('SimpleGrid: Mantine’s element, class and variables', () => {
  const grid = (element: ReactElement) => /<div[^>]*>/.exec(html(element))?.[0];

  it('sets a fixed number of columns and the spacing as variables', () => {
    expect(grid(<SimpleGrid cols={3} spacing="xs" />)).toBe(
      '<div style="--sg-spacing-x:var(--mantine-spacing-xs);--sg-spacing-y:var(--mantine-spacing-xs);--sg-cols:3" class="m_2415a157 mantine-SimpleGrid-root">',
    );
    expect(grid(<SimpleGrid spacing={56} verticalSpacing="lg" mb="md" />)).toBe(
      '<div style="--sg-spacing-x:calc(3.5rem * var(--mantine-scale));--sg-spacing-y:var(--mantine-spacing-lg);--sg-cols:1;margin-bottom:var(--mantine-spacing-md)" class="m_2415a157 mantine-SimpleGrid-root">',
    );
  });

  it('changes its columns at each breakpoint named, through a class each, narrowest first', () => {
    expect(grid(<SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }} className="own" />)).toBe(
      `<div style="--sg-spacing-x:var(--mantine-spacing-md);--sg-spacing-y:var(--mantine-spacing-md);--sg-cols-base:1;--sg-cols-sm:2;--sg-cols-md:3;--sg-cols-lg:5" class="own m_2415a157 mantine-SimpleGrid-root ${classes.colsPerBreakpoint} ${classes.colsFromSm} ${classes.colsFromMd} ${classes.colsFromLg}">`,
    );
    expect(grid(<SimpleGrid cols={{ base: 1, xs: 2 }} />)).toContain(
      `class="m_2415a157 mantine-SimpleGrid-root ${classes.colsPerBreakpoint} ${classes.colsFromXs}"`,
    );
  });
});
