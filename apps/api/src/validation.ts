import type { FastifySchemaCompiler } from 'fastify';
import type { Translator } from '@fundry/shared';
import type { z } from 'zod';
import * as zodLocales from 'zod/locales';

/**
 * Parses with `schema`, keeping in each issue the value it is about: zod's words for a wrong type name what
 * was received, and the answer's message is written from the issue only when it goes out (errors.ts).
 */
export function parseRequest<T extends z.ZodType>(schema: T, data: unknown) {
  return schema.safeParse(data, { reportInput: true });
}

/**
 * fastify-type-provider-zod's validator, through `parseRequest`. A failure is the ZodError itself: Fastify
 * gives it the status 400 and hands it to the error handler as it is.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = parseRequest(schema, data);
    return result.success ? { value: result.data } : { error: result.error };
  };

type LocaleError = (issue: z.core.$ZodIssue) => string | undefined;
/** A locale of zod's as this module calls it: with the final issues its parse reported. */
type ZodLocale = () => { localeError: (issue: z.core.$ZodIssue) => ReturnType<z.core.$ZodErrorMap> };

const shippedLocales: Record<string, unknown> = zodLocales;
const localeErrors = new Map<string, LocaleError>();

/**
 * zod's own messages in `locale`, from the locales zod ships: `pt-BR` is its `ptBR`, another regional tag
 * falls back to its language, and a language zod lacks to English. Built once per locale.
 */
function zodLocaleError(locale: string): LocaleError {
  let localeError = localeErrors.get(locale);
  if (!localeError) {
    const build = [locale.replace('-', ''), locale.split('-')[0], 'en']
      .map((name) => shippedLocales[name ?? ''])
      .find((candidate): candidate is ZodLocale => typeof candidate === 'function')!;
    const map = build().localeError;
    localeError = (issue) => {
      const message = map(issue);
      return typeof message === 'string' ? message : message?.message;
    };
    localeErrors.set(locale, localeError);
  }
  return localeError;
}

/**
 * An issue's message in the translator's language. A schema's own message is a catalog key, whose arguments a
 * refinement gives as its issue's `params`; a message zod wrote itself (the schema set none) is exactly what
 * zod's English writes for the issue, and is written again by zod in that language. Anything else is shown as
 * it is.
 */
export function issueMessage(issue: z.core.$ZodIssue, translator: Translator): string {
  if (translator.has(issue.message)) {
    return translator.t(issue.message, issue.code === 'custom' ? issue.params : undefined);
  }
  if (issue.message === zodLocaleError('en')(issue)) {
    return zodLocaleError(translator.locale)(issue) ?? issue.message;
  }
  return issue.message;
}
