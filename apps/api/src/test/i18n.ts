import { createTranslator, type Locale } from '@fundry/shared';
import { SOURCE_CATALOGS } from '@fundry/shared/i18n/catalogs';
import { compileCatalog } from '@fundry/shared/i18n/compile';

const english = createTranslator('en', compileCatalog(SOURCE_CATALOGS.en));

/** A catalog message as the API writes it for a caller who asks for no other language. */
export const inEnglish = (key: string, values?: Record<string, unknown>) => english.t(key, values);

/** A catalog message as the API writes it for a caller who asks for `locale`. */
export const inLocale = (locale: Locale, key: string, values?: Record<string, unknown>) =>
  createTranslator(locale, compileCatalog(SOURCE_CATALOGS[locale])).t(key, values);
