import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FxRates, Locale, SiteConfig } from '@fundry/shared';
import { DisplayCurrencyProvider, fxRatesQuery } from '@/lib/display-currency';
import { siteConfigQuery } from '@/lib/site-config';
import { TestProviders } from './i18n';

/** The European Central Bank's rates of one day, per euro, as `GET fx-rates` gives them. */
export const testRates: FxRates = {
  date: '2026-11-26',
  base: 'EUR',
  rates: { USD: 1.08, JPY: 162.5, BRL: 5.4, GBP: 0.85 },
};

export const testConfig = (overrides: Partial<SiteConfig> = {}): SiteConfig => ({
  test_mode: false,
  locales: ['en', 'es', 'pt-BR', 'de', 'ar'],
  default_locale: 'en',
  currencies: ['USD', 'EUR', 'JPY'],
  base_currency: 'USD',
  ...overrides,
});

/**
 * Providers with the site's configuration and the day's rates already read (null: the server has none), so a
 * component showing approximations renders at once, as on a page the server rendered.
 */
export function MoneyProviders({
  locale = 'en',
  config = testConfig(),
  rates = testRates,
  chosen = null,
  children,
}: {
  locale?: Locale;
  config?: SiteConfig;
  rates?: FxRates | null;
  chosen?: string | null;
  children: ReactNode;
}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(siteConfigQuery.queryKey, config);
  queryClient.setQueryData(fxRatesQuery.queryKey, rates);
  return (
    <TestProviders locale={locale}>
      <QueryClientProvider client={queryClient}>
        <DisplayCurrencyProvider chosen={chosen}>{children}</DisplayCurrencyProvider>
      </QueryClientProvider>
    </TestProviders>
  );
}
