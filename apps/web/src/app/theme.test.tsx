import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { themeVariables, THEME_VARIABLES } from '../../theme-variables-plugin';
import { theme } from './theme';
import { cssVariablesResolver, themeValues, themeVariablesCss } from './theme-variables';

describe('themeVariablesCss', () => {
  it("is the CSS Mantine's provider writes for the whole theme and its variables resolver", () => {
    const html = renderToStaticMarkup(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withGlobalClasses={false} />,
    );
    const css = themeVariablesCss(themeValues);
    expect(html).toBe(`<style data-mantine-styles="true">${css}</style>`);
    expect(css).toContain('--mantine-color-dimmed: #5c636a');
  });

  it('is the stylesheet the build gives the shell', () => {
    const plugin = themeVariables();
    const resolve = plugin.resolveId as (id: string) => string | null;
    const load = plugin.load as (id: string) => string | null;
    const id = resolve(THEME_VARIABLES);
    expect(id).not.toBeNull();
    expect(load(id!)).toBe(themeVariablesCss(themeValues));
  });
});
