import type { NewsItem, Translator } from '@fundry/shared';

/**
 * A news item in the page's language. Its texts are catalog messages named after its slug
 * (`home.newsItem.{slug}.title`, `.summary`, `.paragraph1`…), one paragraph for each of the item's.
 */
export function localizedNews(i18n: Translator, item: NewsItem) {
  const key = `home.newsItem.${item.slug}`;
  return {
    title: i18n.t(`${key}.title`),
    summary: i18n.t(`${key}.summary`),
    paragraphs: item.body.map((_, index) => i18n.t(`${key}.paragraph${index + 1}`)),
  };
}
