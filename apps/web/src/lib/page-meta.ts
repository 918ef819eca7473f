import { useEffect } from 'react';
import { useLocation } from '@/lib/router';
import {
  addressInLocale,
  documentTitle,
  LOCALE_QUERY_PARAM,
  type PageMeta,
  writePageMeta,
} from '@fundry/shared';
import { useI18n } from './i18n';

function headElement(selector: string, create: () => HTMLElement): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

/**
 * Keeps the head in step with the page when the visitor navigates in the browser: its title, description and
 * canonical link (a not-found page has none), in the page's language. The server writes the same head into the
 * first page it sends.
 */
export function usePageMeta(meta: PageMeta | null | undefined, { canonical = true } = {}) {
  const { pathname, search } = useLocation();
  const { t, locale } = useI18n();
  const written = meta ? writePageMeta(t, meta) : null;
  // Written while rendering, not in the effect: the server's render then counts the title's own messages among
  // those the page brings, and a page that comes to life before the rest of its catalog has them in words.
  const title = written ? documentTitle(t, written.title) : undefined;
  const description = written?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = title;
    headElement('meta[name="description"]', () =>
      Object.assign(document.createElement('meta'), { name: 'description' }),
    ).setAttribute('content', description);
    const address = new URL(pathname, window.location.origin).href;
    const link = document.head.querySelector('link[rel="canonical"]');
    if (canonical) {
      // As the server writes it: an address that names its language is the canonical one of that language.
      const named = new URLSearchParams(search).has(LOCALE_QUERY_PARAM);
      headElement('link[rel="canonical"]', () =>
        Object.assign(document.createElement('link'), { rel: 'canonical' }),
      ).setAttribute('href', named ? addressInLocale(address, locale) : address);
    } else {
      link?.remove();
    }
    // The server named the page's address in every offered language: each follows the page.
    for (const alternate of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) {
      const hreflang = alternate.getAttribute('hreflang')!;
      alternate.setAttribute('href', hreflang === 'x-default' ? address : addressInLocale(address, hreflang));
    }
  }, [t, locale, title, description, canonical, pathname, search]);
}
