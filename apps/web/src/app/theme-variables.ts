import {
  convertCssVariables,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';

/**
 * The theme's values that its CSS variables are made of. Apart from theme.ts, which adds the components'
 * defaults, so that the build can import it in Node: no stylesheet and no translator here.
 */
export const themeValues = {
  primaryColor: 'teal',
  // Shade 9 of teal keeps white button text and teal links at WCAG AA contrast (4.5:1) on white.
  primaryShade: { light: 9, dark: 6 },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
} satisfies MantineThemeOverride;

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
function contrastRatio(a: string, b: string) {
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
 * The CSS that Mantine's provider would write in a style element for `theme`: its variables that differ from
 * Mantine's defaults (the rest are in Mantine's stylesheet), as its MantineCssVariables builds them. The build
 * writes it into the shell's stylesheet (theme-variables-plugin.ts): the provider would build it again on every
 * render, and even once it cost a phone's main thread 20–30 ms of colour contrasts while the page's modules ran.
 */
export function themeVariablesCss(theme: MantineThemeOverride) {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed: ConvertCSSVariablesInput = {
    variables: changedVariables(variables.variables, defaults.variables),
    light: changedVariables(variables.light, defaults.light),
    dark: changedVariables(variables.dark, defaults.dark),
  };
  return convertCssVariables(changed);
}
