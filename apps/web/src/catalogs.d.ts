declare module 'virtual:fundry-catalog' {
  import type { CompiledCatalog, Locale } from '@fundry/shared';

  export function loadCatalog(locale: Locale): Promise<CompiledCatalog>;
}
