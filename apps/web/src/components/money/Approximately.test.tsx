import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyProviders, testConfig } from '@/test/money';
import { Approximately } from './Approximately';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('Approximately', () => {
  it('shows an amount in the visitor’s display currency, in whole units, read out as approximate', () => {
    render(
      <MoneyProviders locale="de">
        <Approximately amount={1234.5} currency="USD" />
      </MoneyProviders>,
    );
    // German readers see euros: 1,234.50 $ at 1.08 $ per euro is 1,143.06 €.
    const shown = screen.getByText((_, element) => element?.getAttribute('aria-hidden') === 'true');
    expect(nbsp(shown.textContent ?? '')).toBe('≈ 1.143 €');
    expect(nbsp(screen.getByTitle(/ungefähr/).title)).toBe('ungefähr 1.143 €');
    expect(nbsp(screen.getByText(/^ungefähr/).textContent ?? '')).toBe('ungefähr 1.143 €');
  });

  it('follows the currency the visitor chose over their language’s', () => {
    render(
      <MoneyProviders locale="en" chosen="JPY">
        <Approximately amount={100} currency="EUR" />
      </MoneyProviders>,
    );
    expect(screen.getByTitle('approximately ¥16,250')).toBeInTheDocument();
  });

  it('shows nothing beside an amount already in the display currency', () => {
    render(
      <MoneyProviders locale="en">
        <Approximately amount={100} currency="USD" />
      </MoneyProviders>,
    );
    expect(screen.queryByText(/≈|approximately/)).not.toBeInTheDocument();
  });

  it('shows nothing beside nothing raised yet', () => {
    render(
      <MoneyProviders locale="en">
        <Approximately amount={0} currency="EUR" />
      </MoneyProviders>,
    );
    expect(screen.queryByText(/≈|approximately/)).not.toBeInTheDocument();
  });

  it('shows nothing when the server has no rates, or none for the currency', () => {
    const { unmount } = render(
      <MoneyProviders locale="en" rates={null}>
        <Approximately amount={100} currency="EUR" />
      </MoneyProviders>,
    );
    expect(screen.queryByText(/≈|approximately/)).not.toBeInTheDocument();
    unmount();
    render(
      <MoneyProviders locale="en" config={testConfig({ currencies: ['USD', 'MXN'] })}>
        <Approximately amount={100} currency="MXN" />
      </MoneyProviders>,
    );
    expect(screen.queryByText(/≈|approximately/)).not.toBeInTheDocument();
  });
});
