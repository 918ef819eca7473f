import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Relative, not @fundry/shared: Vite loads its configuration with Node, which reads no TypeScript in node_modules.
// With their extensions, as Node resolves them (Vite's `configLoader: 'native'`), and so must what they import.
import { compileCatalog, isServerKey, type SourceCatalog } from '../../packages/shared/src/i18n/compile.ts';
import { SHIPPED_LOCALES } from '../../packages/shared/src/i18n/locales.ts';

const VIRTUAL = 'virtual:fundry-catalog';
const catalogsDir = fileURLToPath(new URL('../../packages/shared/catalogs/', import.meta.url));

/**
 * The browser's catalogs (DESIGN.md §14): `virtual:fundry-catalog` answers `loadCatalog(locale)`, which loads
 * that one locale's messages, compiled at build time (no parser in the browser) and without the server's own.
 */
export function catalogs(): Plugin {
  return {
    name: 'fundry:catalogs',
    resolveId: (id) => (id === VIRTUAL || id.startsWith(`${VIRTUAL}/`) ? `\0${id}` : null),
    load(id) {
      if (id === `\0${VIRTUAL}`) {
        const loaders = SHIPPED_LOCALES.map(
          (locale) => `${JSON.stringify(locale)}: () => import('${VIRTUAL}/${locale}')`,
        );
        return `const loaders = {${loaders.join(',')}};
export const loadCatalog = async (locale) => (await loaders[locale]()).default;`;
      }
      if (!id.startsWith(`\0${VIRTUAL}/`)) return null;
      const file = `${catalogsDir}${id.slice(VIRTUAL.length + 2)}.json`;
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as SourceCatalog;
      return `export default ${JSON.stringify(compileCatalog(source, (key) => !isServerKey(key)))};`;
    },
  };
}
