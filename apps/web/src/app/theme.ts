import {
  convertCssVariables,
  type ConvertCSSVariablesInput,
  createTheme,
  type CSSVariablesResolver,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
// Before the classes that override it: every other component's CSS comes with its code, after the shell's
// (decision 032), which would put Mantine's tab list after ours and undo it.
import '@mantine/core/styles/Tabs.css';
import { currentTranslator } from '@/lib/i18n';
import tabClasses from './tabs.module.css';

/** A close button's name in the page's language: read on each render, so one theme serves every locale. */
const closeButtonNamed = (key: string) => () => ({
  closeButtonProps: { 'aria-label': currentTranslator().t(key) },
});

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 of teal keeps white button text and teal links at WCAG AA contrast (4.5:1) on white.
  primaryShade: { light: 9, dark: 6 },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    // Mantine's close buttons are an icon without a name: every dialog's and drawer's has one here. (Plain
    // objects, not Modal.extend: the theme loads with every page, the dialogs only when opened.)
    Modal: { defaultProps: closeButtonNamed('common.close.dialog') },
    Drawer: { defaultProps: closeButtonNamed('common.close.menu') },
    Notification: { defaultProps: closeButtonNamed('common.close.notification') },
    Alert: { defaultProps: () => ({ closeButtonLabel: currentTranslator().t('common.close.dismiss') }) },
    // Without the placeholder a menu holds only its items (ARIA: a menu's children are menu items).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Tabs: { classNames: { list: tabClasses.list } },
  },
});

/** WCAG AA for normal text is 4.5:1; a little more leaves room for anti-aliasing and rounding. */
const TEXT_CONTRAST = 4.6;

function channels(hex: string) {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
}

function luminance(hex: string) {
  const [r = 0, g = 0, b = 0] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour mixed with black by `amount` (0–1), as `#rrggbb`. */
function darker(hex: string, amount: number) {
  return `#${channels(hex)
    .map((value) =>
      Math.round(value * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colour, darkened in small steps until it reaches text contrast on every one of `backgrounds`. */
function readableOn(hex: string, backgrounds: string[]) {
  let value = hex;
  for (
    let amount = 0.04;
    backgrounds.some((bg) => contrastRatio(value, bg) < TEXT_CONTRAST);
    amount += 0.04
  ) {
    value = darker(hex, amount);
  }
  return value;
}

/**
 * Mantine's own colour variables fall short of WCAG AA in several states: the hover of a filled button is a
 * lighter shade (white on teal 8 is 3.9:1), light badges and buttons put shade 9 on shade 1 or 2 (teal 4.3:1,
 * green, orange and yellow lower still), and green, orange and yellow are too light for white text or for text
 * on white. Every colour gets, for the light scheme:
 * - `filled`: white text at 4.5:1 or more, and a hover darker still (never lighter);
 * - `light-color`, `outline` and `text` (light and subtle variants, `c="red"`): 4.5:1 on white and on the
 *   light variant's background and hover background.
 */
function accessibleColorVariables() {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const filled = readableOn(shades[9], ['#ffffff']);
    const text = readableOn(shades[9], ['#ffffff', shades[0], shades[1], shades[2]]);
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = darker(filled, 0.12);
    variables[`--mantine-color-${name}-light-color`] = text;
    variables[`--mantine-color-${name}-outline`] = text;
    variables[`--mantine-color-${name}-text`] = text;
  }
  return variables;
}

/** Secondary ('dimmed') text dark enough for WCAG AA (4.5:1) on white and on the light gray panels. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...accessibleColorVariables(),
    '--mantine-color-dimmed': '#5c636a',
    // Links in text: the primary colour's readable text shade (teal 9 on gray 0 panels is 4.7:1).
    '--mantine-color-anchor': 'var(--mantine-color-teal-text)',
    // Placeholders are text too (WCAG 1.4.3): gray 6, not gray 5.
    '--mantine-color-placeholder': '#6b7178',
  },
  dark: {},
});

/** What `input` sets differently from `defaults`. */
function changedVariables(input: Record<string, string>, defaults: Record<string, string>) {
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => defaults[name] !== value));
}

/**
 * The style element's CSS that Mantine's provider would write for this theme: its variables that differ from
 * Mantine's defaults (the rest are in Mantine's stylesheet), as its MantineCssVariables builds them. The provider
 * builds them again on every render although the theme never changes (3.5% of a page's server render, the colour
 * contrasts above included), so the page writes this once-built copy instead (decision 018).
 */
export const themeCssVariables = (() => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed: ConvertCSSVariablesInput = {
    variables: changedVariables(variables.variables, defaults.variables),
    light: changedVariables(variables.light, defaults.light),
    dark: changedVariables(variables.dark, defaults.dark),
  };
  return convertCssVariables(changed);
})();

/** The fixed top navigation bar's height: main content starts this far down (SPEC §2). */
export const NAVBAR_HEIGHT = 70;
