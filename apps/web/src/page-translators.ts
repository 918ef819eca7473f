import { type CompiledCatalog, createTranslator, type Locale, type Translator } from '@fundry/shared';
import { SOURCE_CATALOGS } from '@fundry/shared/i18n/catalogs';
import { compileCatalog, isServerKey } from '@fundry/shared/i18n/compile';

const catalogs = new Map<Locale, CompiledCatalog>();
const translators = new Map<Locale, Translator>();

function pageCatalog(locale: Locale): CompiledCatalog {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = compileCatalog(SOURCE_CATALOGS[locale], (key) => !isServerKey(key));
    catalogs.set(locale, catalog);
  }
  return catalog;
}

/**
 * A page's translator in `locale` where every catalog is at hand (the server's render, the tests): the browser's
 * catalog, compiled as the browser's is, built on first use. Never imported by the browser's code, which loads only
 * its page's catalog.
 */
export function pageTranslator(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, pageCatalog(locale));
    translators.set(locale, translator);
  }
  return translator;
}

/**
 * The messages of `keys` in `locale`, as the browser's catalog has them: a server-rendered page brings those it
 * shows, so it comes to life before the whole catalog has arrived. In key order, not the order the render met
 * them (which moves with when each part of the page was ready), so a page's bytes depend on what it shows alone.
 */
export function pageMessages(locale: Locale, keys: Iterable<string>): CompiledCatalog {
  const catalog = pageCatalog(locale);
  const messages: CompiledCatalog = {};
  for (const key of [...keys].sort()) {
    const message = catalog[key];
    if (message !== undefined) messages[key] = message;
  }
  return messages;
}
