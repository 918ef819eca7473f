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

type CompiledToken = string | [string, string?, unknown?];

/** The names of the arguments an ICU message reads, in its branches too: a translation must read the same. */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens as CompiledToken[]) {
      if (!Array.isArray(token)) continue;
      names.add(token[0]);
      if (token[2] && typeof token[2] === 'object') Object.values(token[2]).forEach(walk);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}
