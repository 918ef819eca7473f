import { createTranslator, type Locale, type Translator } from '@fundry/shared';
import { SOURCE_CATALOGS } from '@fundry/shared/i18n/catalogs';
import { compileCatalog, isServerKey } from '@fundry/shared/i18n/compile';

const translators = new Map<Locale, Translator>();

/**
 * A page's translator in `locale` where every catalog is at hand (the server's render, the tests): the browser's
 * catalog, compiled as the browser's is, built on first use. Never imported by the browser's code, which loads only
 * its page's catalog.
 */
export function pageTranslator(locale: Locale): Translator {
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
