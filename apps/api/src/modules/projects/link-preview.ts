import { type Project, richTextToPlain, truncate, type UpdateView } from '@fundry/shared';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What a shared link shows in a chat or a feed: a page's title, a line about it and a picture. */
export interface LinkPreview {
  title: string;
  description: string;
  /** An address on the site, or null for the app's icon. */
  image: string | null;
  /** The page's own path, its canonical address. */
  path: string;
}

const DESCRIPTION_LENGTH = 200;

export function projectPreview(project: Project): LinkPreview {
  return {
    title: project.title,
    description: truncate(project.short_description || 'Back this project on Fundry.', DESCRIPTION_LENGTH),
    image: project.image_card_url ?? project.image_url,
    path: `/projects/${project.id}`,
  };
}

/** A backers-only update shows its title to everyone, as its page does, and never its text. */
export function updatePreview(project: Project, update: UpdateView): LinkPreview {
  const text = update.locked ? '' : richTextToPlain(update.body);
  return {
    title: `${update.title} · Update #${update.number} of ${project.title}`,
    description: truncate(
      text || `An update for the backers of ${project.title} on Fundry.`,
      DESCRIPTION_LENGTH,
    ),
    image: project.image_card_url ?? project.image_url,
    path: `/projects/${project.id}/updates/${update.id}`,
  };
}

/**
 * The SPA shell with Open Graph and Twitter card tags for a public page, so a shared link shows its title,
 * a line about it and its image. The page itself still renders in the browser.
 */
export function withLinkPreview(indexHtml: string, preview: LinkPreview, appUrl: string): string {
  const imageUrl = preview.image ? new URL(preview.image, `${appUrl}/`).toString() : `${appUrl}/favicon.svg`;
  const url = `${appUrl}${preview.path}`;
  const tags = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Fundry'],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:image', imageUrl],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', imageUrl],
  ]
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escape(value ?? '')}" />`)
    .join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(`${preview.title} — Fundry`)}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      `<meta name="description" content="${escape(preview.description)}" />`,
    )
    .replace('</head>', `    <link rel="canonical" href="${escape(url)}" />\n    ${tags}\n  </head>`);
}
