import type { Plugin } from 'vite';
// Relative and with its extension: the configuration's own imports, as catalogs-plugin.ts's.
import { themeValues, themeVariablesCss } from './src/app/theme-variables.ts';

/** `import 'virtual:fundry-theme-variables.css'`: the theme's CSS variables. */
export const THEME_VARIABLES = 'virtual:fundry-theme-variables.css';

/** Mantine's module that builds its default variables as it loads, for its provider to leave out of its style. */
const MANTINE_DEFAULT_VARIABLES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]remove-default-variables\.mjs$/;
const EAGER_DEFAULTS = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';

/**
 * The theme's CSS variables as a stylesheet, built once with the build (src/app/theme-variables.ts) rather than
 * on every page in the browser: Mantine's provider would build them while the page's modules run, colour
 * contrasts included, and write them in a style element of every page's HTML. In the shell's stylesheet, which
 * a visitor's browser keeps, after Mantine's default variables that they override (app/providers.tsx).
 *
 * Our provider writes no variables (`withCssVariables={false}`), yet Mantine's module that would compare them
 * with its defaults builds those defaults as it loads: 10–40 ms of a phone's main thread in the one task that
 * runs the page's modules. It builds them when first asked instead.
 */
export function themeVariables(): Plugin {
  return {
    name: 'fundry:theme-variables',
    resolveId: (id) => (id === THEME_VARIABLES ? `\0${THEME_VARIABLES}` : null),
    load: (id) => (id === `\0${THEME_VARIABLES}` ? themeVariablesCss(themeValues) : null),
    transform(code, id) {
      if (!MANTINE_DEFAULT_VARIABLES.test(id)) return null;
      if (!code.includes(EAGER_DEFAULTS))
        throw new Error(
          `${id} no longer reads as theme-variables-plugin.ts expects: see what Mantine changed`,
        );
      const lazy = code
        .replace(EAGER_DEFAULTS, 'let defaultCssVariables;')
        .replace(
          /function removeDefaultVariables\(input\) \{/,
          '$&\n\tdefaultCssVariables ??= defaultCssVariablesResolver(DEFAULT_THEME);',
        );
      return { code: lazy, map: null };
    },
  };
}
