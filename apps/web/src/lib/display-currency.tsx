import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { CURRENCY_COOKIE, displayCurrency, type FxRates } from '@fundry/shared';
import { api, ApiError } from './api-client';
import { keepChoice } from './choice-cookies';
import { useI18n } from './i18n';
import { useSiteConfig } from './site-config';

interface DisplayCurrencyChoice {
  /** The currency approximations are shown in, or null until the site's configuration is known. */
  current: string | null;
  choose: (currency: string) => void;
}

const DisplayCurrencyContext = createContext<DisplayCurrencyChoice>({
  current: null,
  choose: () => undefined,
});

/**
 * Holds the visitor's choice of display currency (DESIGN.md §15): the browser's entry reads it from the cookie,
 * the server's render is given the one the server keyed the page with, so both render the same approximations.
 * The currency is worked out here once for the page, not by each amount: every amount asking the site's
 * configuration would be a query observer each, which a server render builds for every one (decision 018).
 */
export function DisplayCurrencyProvider({
  chosen,
  children,
}: {
  /** The visitor's choice (the `fundry_currency` cookie), or null to follow their language. */
  chosen: string | null;
  children: ReactNode;
}) {
  const [choice, setChoice] = useState(chosen);
  const { locale } = useI18n();
  const config = useSiteConfig().data;
  const current = config ? displayCurrency(choice, locale, config.currencies, config.base_currency) : null;
  const value = useMemo(
    () => ({
      current,
      choose: (currency: string) => {
        void keepChoice(CURRENCY_COOKIE, currency);
        setChoice(currency);
      },
    }),
    [current],
  );
  return <DisplayCurrencyContext value={value}>{children}</DisplayCurrencyContext>;
}

/** The currency approximations are shown in, or null until the site's configuration is known. */
export function useDisplayCurrency(): string | null {
  return useContext(DisplayCurrencyContext).current;
}

/** Sets the visitor's display currency for this browser (kept in its cookie, signed in or not). */
export function useChooseDisplayCurrency() {
  return useContext(DisplayCurrencyContext).choose;
}

/**
 * The day's reference rates (`GET fx-rates`), or null when the server has none (404): then no approximation is
 * shown. Kept for an hour; the rates change once a day.
 */
export const fxRatesQuery = queryOptions({
  queryKey: ['fx-rates'],
  queryFn: async ({ signal }): Promise<FxRates | null> => {
    try {
      return (await api.get<{ data: FxRates }>('fx-rates', undefined, signal)).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  staleTime: 60 * 60 * 1000,
});

/**
 * The day's rates, for an amount in another currency than the visitor's: only such an amount asks, so a site whose
 * amounts are all in the visitor's currency never reads them.
 */
export function useFxRates() {
  return useQuery(fxRatesQuery).data ?? null;
}
