import { createTranslator, type Locale, type Translator } from '../../packages/shared/src';
import { SOURCE_CATALOGS } from '../../packages/shared/src/i18n/catalogs';
import { compileCatalog } from '../../packages/shared/src/i18n/compile';

const translators = new Map<Locale, Translator>();

/** The app's own translator of `locale`: a journey expects the words the catalogs give, not copies of them. */
export function translator(locale: Locale): Translator {
  let found = translators.get(locale);
  if (!found) {
    found = createTranslator(locale, compileCatalog(SOURCE_CATALOGS[locale]));
    translators.set(locale, found);
  }
  return found;
}

/**
 * What the interface says in `locale` where it says `english` in English: the message of the key whose English is
 * exactly that (the first under `namespace` when given), so a journey can be written once in English words.
 */
export function say(locale: Locale, english: string, namespace = ''): string {
  const key = Object.entries(SOURCE_CATALOGS.en).find(
    ([candidate, text]) => candidate.startsWith(namespace) && text === english,
  )?.[0];
  if (!key)
    throw new Error(`No message reads "${english}" in English${namespace ? ` under ${namespace}` : ''}`);
  return translator(locale).t(key);
}
