import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Locale } from '@fundry/shared';
import { I18nProvider } from '@/lib/i18n';
import { pageTranslator } from '@/page-translators';

/** The browser's catalog of `locale`, as a page in that locale reads it. */
export const testTranslator = (locale: Locale = 'en') => pageTranslator(locale);

/** Mantine in test mode, in a language (English unless a test asks for another). */
export function TestProviders({ locale = 'en', children }: { locale?: Locale; children: ReactNode }) {
  return (
    <I18nProvider translator={testTranslator(locale)}>
      <MantineProvider env="test">{children}</MantineProvider>
    </I18nProvider>
  );
}
