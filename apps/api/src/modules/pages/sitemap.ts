/** The sitemaps protocol (sitemaps.org): at most 50,000 addresses in one file, an index of files past that. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SitemapEntry {
  /** An absolute address. */
  loc: string;
  lastmod?: Date;
  /** The same page in each language (Google's hreflang in sitemaps). */
  alternates?: { locale: string; href: string }[];
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

function entries(tag: 'url' | 'sitemap', list: SitemapEntry[]): string {
  return list
    .map(({ loc, lastmod, alternates = [] }) => {
      const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
      const links = [
        ...alternates.map(({ locale, href }) => ({ hreflang: locale, href })),
        ...(alternates.length > 0 ? [{ hreflang: 'x-default', href: loc }] : []),
      ]
        .map(
          ({ hreflang, href }) =>
            `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
        )
        .join('');
      return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}${links}</${tag}>`;
    })
    .join('\n');
}

export function urlSet(urls: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries('url', urls)}\n</urlset>\n`;
}

export function sitemapIndex(sitemaps: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries('sitemap', sitemaps)}\n</sitemapindex>\n`;
}
