import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { createTranslator, type Locale, type Translator } from '@fundry/shared';
import { SOURCE_CATALOGS } from '@fundry/shared/i18n/catalogs';
import { compileCatalog, isServerKey } from '@fundry/shared/i18n/compile';
import { I18nProvider } from '@/lib/i18n';

const translators = new Map<Locale, Translator>();

/** The browser's catalog of `locale`, as a page in that locale reads it. */
export function testTranslator(locale: Locale = 'en'): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(
      locale,
      compileCatalog(SOURCE_CATALOGS[locale], (key) => !isServerKey(key)),
    );
    translators.set(locale, translator);
  }
  return translator;
}

/** Mantine in test mode, in a language (English unless a test asks for another). */
export function TestProviders({ locale = 'en', children }: { locale?: Locale; children: ReactNode }) {
  return (
    <I18nProvider translator={testTranslator(locale)}>
      <MantineProvider env="test">{children}</MantineProvider>
    </I18nProvider>
  );
}
