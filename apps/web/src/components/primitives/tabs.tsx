import {
  createScopedKeydownHandler,
  getRadius,
  getThemeColor,
  useDirection,
  useMantineEnv,
  useMantineTheme,
} from '@mantine/core';
// Mantine's classes and their CSS, without the components' code (mantine-styles-plugin.ts), in Mantine's order.
import unstyledButtonClasses from 'mantine-classes:UnstyledButton';
import tabsClasses from 'mantine-classes:Tabs';
import { useId, useUncontrolled } from '@mantine/hooks';
import {
  Activity,
  createContext,
  type CSSProperties,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { classNames, type LightStyleProps, splitStyleProps } from './style-props';

/*
 * Mantine's Tabs, Tabs.List, Tabs.Tab and Tabs.Panel without its `Box` (decision 018): the same markup to the byte,
 * as `tabs.test.tsx` checks, for the props our pages pass, horizontal and in Mantine's default variant. The project
 * page's tabs were fourteen of Mantine's components, each resolving its props and styles against the theme.
 */

const classes = tabsClasses;

interface TabsContextValue {
  id: string;
  value: string | null;
  onChange: (value: string) => void;
  keepMounted: boolean;
  /** The panels on the page: as Mantine's, a tab names its panel in `aria-controls` only once the panel is there. */
  mountedPanels: ReadonlySet<string>;
  setPanelMounted: (value: string, mounted: boolean) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext() {
  const context = use(TabsContext);
  if (!context) throw new Error('Tabs.List, Tabs.Tab and Tabs.Panel go inside Tabs');
  return context;
}

const tabId = (id: string, value: string) => `${id}-tab-${value}`;
const panelId = (id: string, value: string) => `${id}-panel-${value}`;

export interface TabsProps {
  defaultValue?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** As Mantine's: hidden panels stay rendered (in an `Activity`); without, only the open panel's content is. */
  keepMounted?: boolean;
  children: ReactNode;
}

function TabsRoot({ defaultValue, value, onChange, keepMounted = true, children }: TabsProps) {
  const theme = useMantineTheme();
  // Mantine's own hook, first in the same place of the tree, so the ids are Mantine's on the server and on hydration.
  const id = useId();
  const [current, setCurrent] = useUncontrolled<string | null>({
    value,
    defaultValue,
    finalValue: null,
    onChange,
  });
  const [mountedPanels, setMountedPanels] = useState<ReadonlySet<string>>(() => new Set());
  const setPanelMounted = useCallback((panel: string, mounted: boolean) => {
    setMountedPanels((panels) => {
      if (panels.has(panel) === mounted) return panels;
      const next = new Set(panels);
      if (mounted) next.add(panel);
      else next.delete(panel);
      return next;
    });
  }, []);
  return (
    <TabsContext
      value={{ id, value: current, onChange: setCurrent, keepMounted, mountedPanels, setPanelMounted }}
    >
      <div
        style={
          {
            '--tabs-radius': getRadius(undefined),
            '--tabs-color': getThemeColor(undefined, theme),
          } as CSSProperties
        }
        className={classNames(classes.root, 'mantine-Tabs-root')}
        data-variant="default"
        data-orientation="horizontal"
        id={id}
      >
        {children}
      </div>
    </TabsContext>
  );
}

export interface TabsListProps extends Pick<LightStyleProps, 'mb'> {
  children: ReactNode;
}

function TabsList({ children, ...props }: TabsListProps) {
  const theme = useMantineTheme();
  const { style } = splitStyleProps(props, theme);
  // The theme's class for every tab list, as Mantine's list takes it.
  const themeClasses = theme.components.Tabs?.classNames as { list?: string } | undefined;
  return (
    <div
      style={style}
      className={classNames(themeClasses?.list, classes['list--default'], classes.list, 'mantine-Tabs-list')}
      data-variant="default"
      data-orientation="horizontal"
      role="tablist"
      aria-orientation="horizontal"
    >
      {children}
    </div>
  );
}

export interface TabProps {
  value: string;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  children?: ReactNode;
}

function Tab({ value, leftSection, rightSection, children }: TabProps) {
  const context = useTabsContext();
  const { dir } = useDirection();
  const active = value === context.value;
  return (
    <button
      className={classNames(
        'mantine-focus-auto',
        classes['tab--default'],
        classes.tab,
        'mantine-Tabs-tab',
        unstyledButtonClasses.root,
        'mantine-UnstyledButton-root',
      )}
      data-variant="default"
      data-active={active || undefined}
      data-orientation="horizontal"
      type="button"
      role="tab"
      id={tabId(context.id, value)}
      aria-selected={active}
      tabIndex={active || context.value === null ? 0 : -1}
      aria-controls={context.mountedPanels.has(value) ? panelId(context.id, value) : undefined}
      onClick={() => context.onChange(value)}
      // Mantine's: arrows move to the next tab and open it, round the ends; Home and End, to the first and last.
      onKeyDown={createScopedKeydownHandler({
        siblingSelector: '[role="tab"]',
        parentSelector: '[role="tablist"]',
        activateOnFocus: true,
        loop: true,
        orientation: 'horizontal',
        dir,
      })}
    >
      {leftSection && (
        <span className={classNames(classes.tabSection, 'mantine-Tabs-tabSection')} data-position="left">
          {leftSection}
        </span>
      )}
      {children && <span className={classNames(classes.tabLabel, 'mantine-Tabs-tabLabel')}>{children}</span>}
      {rightSection && (
        <span className={classNames(classes.tabSection, 'mantine-Tabs-tabSection')} data-position="right">
          {rightSection}
        </span>
      )}
    </button>
  );
}

export interface TabPanelProps {
  value: string;
  children?: ReactNode;
}

function TabPanel({ value, children }: TabPanelProps) {
  const context = useTabsContext();
  const env = useMantineEnv();
  const { setPanelMounted } = context;
  useEffect(() => {
    setPanelMounted(value, true);
    return () => setPanelMounted(value, false);
  }, [setPanelMounted, value]);
  const active = context.value === value;
  // As Mantine's: kept panels are hidden in an `Activity`, but for tests, which read them as they are.
  const content = !context.keepMounted ? (
    active && children
  ) : env === 'test' ? (
    children
  ) : (
    <Activity mode={active ? 'visible' : 'hidden'}>{children}</Activity>
  );
  return (
    <div
      style={active ? undefined : { display: 'none' }}
      className={classNames(classes.panel, 'mantine-Tabs-panel')}
      data-orientation="horizontal"
      role="tabpanel"
      id={panelId(context.id, value)}
      aria-labelledby={tabId(context.id, value)}
    >
      {content}
    </div>
  );
}

export const Tabs = Object.assign(TabsRoot, { List: TabsList, Tab, Panel: TabPanel });
