import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { CompiledCatalog } from './translator';

/** A catalog file: message keys to ICU MessageFormat. */
export type SourceCatalog = Record<string, string>;

/** Namespaces only the server reads (mails, the API's errors, the sandbox's pages): never sent to a browser. */
export const SERVER_NAMESPACES = ['mail', 'api', 'sandbox'] as const;

export const isServerKey = (key: string) =>
  (SERVER_NAMESPACES as readonly string[]).includes(key.slice(0, key.indexOf('.')));

/** Compiles a catalog ahead, so the runtime needs no parser; `keep` picks the keys a side needs. */
export function compileCatalog(
  source: SourceCatalog,
  keep: (key: string) => boolean = () => true,
): CompiledCatalog {
  const compiled: CompiledCatalog = {};
  for (const [key, message] of Object.entries(source)) {
    if (keep(key)) compiled[key] = compileMessageOrThrow(message);
  }
  return compiled;
}
