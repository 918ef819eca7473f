import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for project descriptions and risks: formatting, lists, links and images, nothing that runs.
 * Scripts, event handlers, styles and unsafe URL schemes are dropped; images only from http, https or data;
 * the editor's indent classes (levels 1 to 8) and alignment survive.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'a',
    'img',
    'hr',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['class'],
  },
  allowedClasses: {
    '*': [/^ql-indent-[1-8]$/, /^ql-align-(center|right|justify)$/, 'ql-syntax'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,/i;

export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    // data: is allowed for images only when it really is an image, never data:text/html.
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      (!frame.attribs.src || (frame.attribs.src.startsWith('data:') && !DATA_IMAGE.test(frame.attribs.src))),
  });
  return clean.trim();
}
