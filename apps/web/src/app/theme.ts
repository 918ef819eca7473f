import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 of teal keeps white button text and teal links at WCAG AA contrast (4.5:1) on white.
  primaryShade: { light: 9, dark: 6 },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
});

/** Secondary ('dimmed') text dark enough for WCAG AA (4.5:1) on white and on the light gray panels. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});

/** The fixed top navigation bar's height: main content starts this far down (SPEC §2). */
export const NAVBAR_HEIGHT = 70;
