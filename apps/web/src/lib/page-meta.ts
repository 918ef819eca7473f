import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle, type PageMeta, writePageMeta } from '@fundry/shared';
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
  const { pathname } = useLocation();
  const { t } = useI18n();
  const written = meta ? writePageMeta(t, meta) : null;
  const title = written?.title;
  const description = written?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = documentTitle(t, title);
    headElement('meta[name="description"]', () =>
      Object.assign(document.createElement('meta'), { name: 'description' }),
    ).setAttribute('content', description);
    const link = document.head.querySelector('link[rel="canonical"]');
    if (canonical) {
      headElement('link[rel="canonical"]', () =>
        Object.assign(document.createElement('link'), { rel: 'canonical' }),
      ).setAttribute('href', new URL(pathname, window.location.origin).href);
    } else {
      link?.remove();
    }
  }, [t, title, description, canonical, pathname]);
}
