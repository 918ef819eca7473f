import ar from '../../catalogs/ar.json' with { type: 'json' };
import de from '../../catalogs/de.json' with { type: 'json' };
import en from '../../catalogs/en.json' with { type: 'json' };
import es from '../../catalogs/es.json' with { type: 'json' };
import ptBR from '../../catalogs/pt-BR.json' with { type: 'json' };
import type { SourceCatalog } from './compile';
import type { Locale } from './locales';

/** Every shipped catalog as written, for the server (mails, errors, the render) and the checks of npm test. */
export const SOURCE_CATALOGS: Record<Locale, SourceCatalog> = { en, es, 'pt-BR': ptBR, de, ar };
