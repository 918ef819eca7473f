/**
 * The site's news. Its words are catalog messages named after the slug (`home.newsItem.{slug}.title`, `.summary`,
 * `.paragraph1`…): every language has them, the server's page head included.
 */
export interface NewsItem {
  slug: string;
  date: string;
  paragraphs: number;
}

export const NEWS: NewsItem[] = [
  { slug: 'flexible-funding', date: '2026-11-02', paragraphs: 2 },
  { slug: 'two-factor-sign-in', date: '2026-10-14', paragraphs: 2 },
  { slug: 'creator-payouts', date: '2026-09-30', paragraphs: 2 },
];

export const newsKey = (item: NewsItem, part: string) => `home.newsItem.${item.slug}.${part}`;
