import {
  documentTitle,
  type Project,
  projectPageMeta,
  type UpdateView,
  updatePageMeta,
} from '@fundry/shared';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What the head of a page says about it: its title and description, and for a public page its preview. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path, its canonical address; null for a page that has none (an error, a 404). */
  path: string | null;
  /** A public page's link preview (Open Graph and Twitter card): its picture, or null for the app's icon. */
  preview: { image: string | null } | null;
}

export function projectHead(project: Project, path = `/projects/${project.id}`, title?: string): PageHead {
  const meta = projectPageMeta(project);
  return {
    title: title ?? meta.title,
    description: meta.description,
    path,
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

/**
 * The built index.html with the page's title, description and canonical link, and for a public page the Open
 * Graph and Twitter card tags a shared link shows in a chat or a feed. Every value is escaped: a title is text.
 */
export function withPageHead(indexHtml: string, head: PageHead, appUrl: string): string {
  const tags: string[] = [];
  const url = head.path === null ? null : `${appUrl}${head.path}`;
  if (url) tags.push(`<link rel="canonical" href="${escape(url)}" />`);
  if (url && head.preview) {
    const image = head.preview.image;
    const imageUrl = image ? new URL(image, `${appUrl}/`).toString() : `${appUrl}/favicon.svg`;
    tags.push(
      ...[
        ['property', 'og:type', 'website'],
        ['property', 'og:site_name', 'Fundry'],
        ['property', 'og:title', head.title],
        ['property', 'og:description', head.description],
        ['property', 'og:image', imageUrl],
        ['property', 'og:url', url],
        ['name', 'twitter:card', 'summary_large_image'],
        ['name', 'twitter:title', head.title],
        ['name', 'twitter:description', head.description],
        ['name', 'twitter:image', imageUrl],
      ].map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escape(value ?? '')}" />`),
    );
  }
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(documentTitle(head.title))}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      `<meta name="description" content="${escape(head.description)}" />`,
    )
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
