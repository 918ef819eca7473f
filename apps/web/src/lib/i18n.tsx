import { createContext, Fragment, type ReactNode, useContext } from 'react';
import type { MessageValues, Translator } from '@fundry/shared';

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <I18nContext value={translator}>{children}</I18nContext>;
}

/** The page's language: its messages (`t`) and its formatters of numbers, money and dates. */
export function useI18n(): Translator {
  const translator = useContext(I18nContext);
  if (!translator) throw new Error('useI18n needs an I18nProvider above it');
  return translator;
}

let translatorSource: () => Translator | undefined = () => undefined;

/**
 * Where code outside components (toasts, error messages) finds the page's translator: the browser's one, or
 * on the server the translator of the render in progress.
 */
export function setTranslatorSource(source: () => Translator | undefined) {
  translatorSource = source;
}

export function currentTranslator(): Translator {
  const translator = translatorSource();
  if (!translator) throw new Error('No translator: the entry sets one before rendering');
  return translator;
}

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A message with markup in it, such as "Read the <terms>terms</terms>": each tag is rendered by the function
 * of its name, so a sentence with a link stays one message that a translator can reorder.
 */
export function Rich({
  id,
  values,
  tags,
}: {
  id: string;
  values?: MessageValues;
  tags: Record<string, (content: string) => ReactNode>;
}) {
  const text = useI18n().t(id, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    parts.push(text.slice(last, match.index));
    const render = tags[match[1]!];
    parts.push(<Fragment key={match.index}>{render ? render(match[2]!) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
