import { type Project, truncate } from '@fundry/shared';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The SPA shell with Open Graph and Twitter card tags for a public project, so a shared link shows its
 * title, short description and image. The page itself still renders in the browser.
 */
export function withProjectPreview(indexHtml: string, project: Project, appUrl: string): string {
  const title = `${project.title} — Fundry`;
  const description = truncate(project.short_description || 'Back this project on Fundry.', 200);
  const image = project.image_card_url ?? project.image_url;
  const imageUrl = image ? new URL(image, `${appUrl}/`).toString() : `${appUrl}/favicon.svg`;
  const url = `${appUrl}/projects/${project.id}`;
  const tags = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Fundry'],
    ['property', 'og:title', project.title],
    ['property', 'og:description', description],
    ['property', 'og:image', imageUrl],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', project.title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
  ]
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escape(value ?? '')}" />`)
    .join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${escape(description)}" />`)
    .replace('</head>', `    <link rel="canonical" href="${escape(url)}" />\n    ${tags}\n  </head>`);
}
