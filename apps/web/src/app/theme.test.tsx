import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme, themeCssVariables } from './theme';

describe('themeCssVariables', () => {
  it("is the CSS Mantine's provider writes for the theme and its variables resolver", () => {
    const html = renderToStaticMarkup(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withGlobalClasses={false} />,
    );
    expect(html).toBe(`<style data-mantine-styles="true">${themeCssVariables}</style>`);
    expect(themeCssVariables).toContain('--mantine-color-dimmed: #5c636a');
  });
});
