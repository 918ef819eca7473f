import { createTheme, DirectionProvider, MantineProvider, Tabs as MantineTabs } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

// As the app's theme: a class of its own on every tab list.
const theme = createTheme({ components: { Tabs: { classNames: { list: 'app-tab-list' } } } });

const html = (element: ReactElement) =>
  renderToString(
    <MantineProvider theme={theme} withCssVariables={false}>
      {element}
    </MantineProvider>,
  );

type TabsComponent = typeof Tabs | typeof MantineTabs;

interface Case {
  values: string[];
  defaultValue: string;
  keepMounted: boolean;
  leftSection: boolean;
  rightSection: boolean;
  mb: boolean;
}

// Our pages' tabs: three or four, an icon on the left or none, a count on the right, the list's margin or none.
function tabs(T: TabsComponent, { values, defaultValue, keepMounted, leftSection, rightSection, mb }: Case) {
  return (
    <T defaultValue={defaultValue} keepMounted={keepMounted}>
      <T.List mb={mb ? 'lg' : undefined}>
        {values.map((value) => (
          <T.Tab
            key={value}
            value={value}
            leftSection={leftSection && <svg data-icon={value} />}
            rightSection={rightSection && <b>3</b>}
          >
            {value.toUpperCase()}
          </T.Tab>
        ))}
      </T.List>
      {values.map((value) => (
        <T.Panel key={value} value={value}>
          <p>{value} content</p>
        </T.Panel>
      ))}
    </T>
  );
}

const threeTabs = ['overview', 'updates', 'comments'];
const fourTabs = [...threeTabs, 'faq'];
const cases: Case[] = [threeTabs, fourTabs].flatMap((values) =>
  [values[0]!, values[2]!, values.at(-1)!].flatMap((defaultValue) =>
    [false, true].flatMap((keepMounted) =>
      [false, true].flatMap((leftSection) =>
        [false, true].flatMap((mb) =>
          [false, true].map((rightSection) => ({
            values,
            defaultValue,
            keepMounted,
            leftSection,
            rightSection,
            mb,
          })),
        ),
      ),
    ),
  ),
);

describe('Tabs', () => {
  it.each(cases)('renders Mantine’s markup: %o', (props) => {
    expect(html(tabs(Tabs, props))).toBe(html(tabs(MantineTabs, props)));
  });

  it('has Mantine’s ids where Mantine’s tabs come after others on the page', () => {
    const page = (T: TabsComponent) => (
      <main>
        {[threeTabs, fourTabs].map((values) => (
          <section key={values.length}>
            {tabs(T, {
              values,
              defaultValue: 'updates',
              keepMounted: false,
              leftSection: true,
              rightSection: false,
              mb: true,
            })}
          </section>
        ))}
      </main>
    );
    expect(html(page(Tabs))).toBe(html(page(MantineTabs)));
  });

  it('renders Mantine’s markup when its value is controlled', () => {
    const controlled = (T: TabsComponent, value: string | null) => (
      <T value={value} onChange={() => {}}>
        <T.List>
          <T.Tab value="a">A</T.Tab>
          <T.Tab value="b">B</T.Tab>
        </T.List>
      </T>
    );
    expect(html(controlled(Tabs, 'b'))).toBe(html(controlled(MantineTabs, 'b')));
    // No tab open: the first one takes focus from the keyboard.
    expect(html(controlled(Tabs, null))).toBe(html(controlled(MantineTabs, null)));
  });
});

function renderTabs(children: ReactNode) {
  return {
    user: userEvent.setup(),
    ...render(<MantineProvider env="test">{children}</MantineProvider>),
  };
}

describe('Tabs behaviour', () => {
  const props: Case = {
    values: fourTabs,
    defaultValue: 'overview',
    keepMounted: false,
    leftSection: true,
    rightSection: false,
    mb: true,
  };
  const selected = () => screen.getByRole('tab', { selected: true });

  it('opens a tab on click, and shows only the open panel’s content', async () => {
    const { user } = renderTabs(tabs(Tabs, props));
    expect(screen.getByText('overview content')).toBeVisible();
    expect(screen.queryByText('updates content')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'COMMENTS' }));
    expect(selected()).toHaveTextContent('COMMENTS');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('comments content');
    expect(screen.queryByText('overview content')).toBeNull();
  });

  it('names each tab’s panel once the panels are on the page', () => {
    renderTabs(tabs(Tabs, props));
    const tab = screen.getByRole('tab', { name: 'UPDATES' });
    expect(document.getElementById(tab.getAttribute('aria-controls')!)).toHaveAttribute(
      'aria-labelledby',
      tab.id,
    );
  });

  it('moves and opens with the arrow keys round the ends; Home and End move focus only, as Mantine’s', async () => {
    const { user } = renderTabs(tabs(Tabs, props));
    await user.tab();
    expect(selected()).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(selected()).toHaveTextContent('UPDATES');
    expect(selected()).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('updates content');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selected()).toHaveTextContent('FAQ');
    expect(selected()).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(selected()).toHaveTextContent('OVERVIEW');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveFocus();
    expect(selected()).toHaveTextContent('OVERVIEW');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'OVERVIEW' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('overview content');
  });

  it('turns the arrow keys round right to left', async () => {
    const { user } = renderTabs(
      <DirectionProvider initialDirection="rtl">{tabs(Tabs, props)}</DirectionProvider>,
    );
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toHaveTextContent('UPDATES');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selected()).toHaveTextContent('FAQ');
  });

  it('keeps hidden panels rendered with keepMounted', async () => {
    const { user } = renderTabs(tabs(Tabs, { ...props, keepMounted: true }));
    await user.click(screen.getByRole('tab', { name: 'FAQ' }));
    expect(screen.getByText('faq content')).toBeVisible();
    expect(screen.getByText('overview content')).not.toBeVisible();
  });

  it('tells a controlled owner which tab was picked', async () => {
    const picked: Array<string | null> = [];
    const { user } = renderTabs(
      <Tabs value="a" onChange={(value) => picked.push(value)}>
        <Tabs.List>
          <Tabs.Tab value="a">A</Tabs.Tab>
          <Tabs.Tab value="b">B</Tabs.Tab>
        </Tabs.List>
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'B' }));
    expect(picked).toEqual(['b']);
    expect(selected()).toHaveTextContent('A');
  });
});
