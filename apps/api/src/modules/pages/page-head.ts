import {
  addressInLocale,
  documentTitle,
  HEAD_SCRIPT,
  type Locale,
  type PageMeta,
  type Project,
  projectCover,
  projectPageMeta,
  projectRewardsPageMeta,
  type Translator,
  type UpdateView,
  updatePageMeta,
  writePageMeta,
} from '@fundry/shared';

/** Text made safe inside HTML, between tags or in a quoted attribute. */
export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What the head of a page says about it: its title and description, and for a public page its preview. */
export interface PageHead extends PageMeta {
  /** The page's own path, its canonical address; null for a page that has none (an error, a 404). */
  path: string | null;
  /** A public page's link preview (Open Graph and Twitter card): its picture, or null for the app's icon. */
  preview: { image: string | null } | null;
  /** A page whose address oEmbed answers for (a project's, DESIGN.md §19): its discovery link is in the head. */
  oembed?: boolean;
  /**
   * The image the page's largest paint shows (a project's cover): preloaded from the head, so a phone fetches it
   * beside the stylesheets instead of once the streamed body names it.
   */
  largestImage?: string | null;
}

export function projectHead(project: Project): PageHead {
  return {
    ...projectPageMeta(project),
    path: `/projects/${project.id}`,
    preview: { image: project.image_card_url ?? project.image_url },
    oembed: true,
    largestImage: projectCover(project),
  };
}

export function projectRewardsHead(project: Project): PageHead {
  return {
    ...projectRewardsPageMeta(project),
    path: `/projects/${project.id}/rewards`,
    preview: { image: project.image_card_url ?? project.image_url },
  };
}

export function updateHead(project: Project, update: UpdateView): PageHead {
  return {
    ...updatePageMeta(project.title, update),
    path: `/projects/${project.id}/updates/${update.id}`,
    preview: { image: project.image_card_url ?? project.image_url },
  };
}

export interface PageLanguage {
  translator: Translator;
  /** Every offered language, each with its own address of the page. */
  offered: readonly Locale[];
  /** The address named its language (`?lang=`): it is then the page's canonical address. */
  named: boolean;
  /**
   * The build's file of this language's catalog, loaded beside the shell: a page rendered here comes to life with
   * the messages it brought and takes the rest after, any other page waits for it.
   */
  catalogChunk?: string | undefined;
  /** The build's stylesheets of the page's route, beyond the shell's (decision 032), linked after the shell's. */
  styles?: readonly string[];
  /**
   * The server renders the page: its HTML shows without the scripts, which then load at low priority, after the
   * stylesheets and the largest image (on a phone's network they shared its bandwidth and delayed the first paint).
   */
  rendered?: boolean;
}

/** The build's module script and preloads, fetched at low priority. */
const afterPaint = (html: string) =>
  html.replace(
    /<(script type="module"|link rel="modulepreload") crossorigin /g,
    '<$1 crossorigin fetchpriority="low" ',
  );

/**
 * The built index.html in the page's language (`<html lang dir>`, its title and description), with its canonical
 * link and one alternate per offered language and `x-default`, and for a public page the Open Graph and Twitter
 * card tags a shared link shows in a chat or a feed. Every value is escaped: a title is text.
 */
export function withPageHead(
  indexHtml: string,
  head: PageHead,
  appUrl: string,
  language: PageLanguage,
): string {
  const { translator } = language;
  const { title, description } = writePageMeta(translator.t, head);
  const tags: string[] = [
    `<script>${HEAD_SCRIPT}</script>`,
    ...(language.styles ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${escape(file)}" />`),
  ];
  if (head.largestImage) {
    tags.push(`<link rel="preload" as="image" href="${escape(head.largestImage)}" fetchpriority="high" />`);
  }
  if (language.catalogChunk) {
    tags.push(
      `<link rel="modulepreload" crossorigin${language.rendered ? ' fetchpriority="low"' : ''} href="/${escape(language.catalogChunk)}" />`,
    );
  }
  const address = head.path === null ? null : `${appUrl}${head.path}`;
  const url = address && language.named ? addressInLocale(address, translator.locale) : address;
  if (address && url) {
    tags.push(
      `<link rel="canonical" href="${escape(url)}" />`,
      ...language.offered.map(
        (locale) =>
          `<link rel="alternate" hreflang="${locale}" href="${escape(addressInLocale(address, locale))}" />`,
      ),
      `<link rel="alternate" hreflang="x-default" href="${escape(address)}" />`,
    );
    if (head.oembed) {
      const oembed = `${appUrl}/api/oembed?url=${encodeURIComponent(address)}&format=json`;
      tags.push(
        `<link rel="alternate" type="application/json+oembed" href="${escape(oembed)}" title="${escape(title)}" />`,
      );
    }
  }
  if (url && head.preview) {
    const image = head.preview.image;
    const imageUrl = image ? new URL(image, `${appUrl}/`).toString() : `${appUrl}/favicon.svg`;
    tags.push(
      ...[
        ['property', 'og:type', 'website'],
        ['property', 'og:site_name', 'Fundry'],
        ['property', 'og:title', title],
        ['property', 'og:description', description],
        ['property', 'og:locale', translator.locale.replace('-', '_')],
        ['property', 'og:image', imageUrl],
        ['property', 'og:url', url],
        ['name', 'twitter:card', 'summary_large_image'],
        ['name', 'twitter:title', title],
        ['name', 'twitter:description', description],
        ['name', 'twitter:image', imageUrl],
      ].map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escape(value ?? '')}" />`),
    );
  }
  return (language.rendered ? afterPaint(indexHtml) : indexHtml)
    .replace(
      /<html\b([^>]*)>/,
      (_html, attributes: string) =>
        `<html lang="${translator.locale}" dir="${translator.dir}"${attributes.replace(/\s(lang|dir)="[^"]*"/g, '')}>`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(documentTitle(translator.t, title))}</title>`)
    .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${escape(description)}" />`)
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
