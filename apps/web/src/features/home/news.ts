import { type NewsItem, newsKey, type Translator } from '@fundry/shared';

/** A news item in the page's language. */
export function localizedNews(i18n: Translator, item: NewsItem) {
  return {
    title: i18n.t(newsKey(item, 'title')),
    summary: i18n.t(newsKey(item, 'summary')),
    paragraphs: Array.from({ length: item.paragraphs }, (_, index) =>
      i18n.t(newsKey(item, `paragraph${index + 1}`)),
    ),
  };
}
