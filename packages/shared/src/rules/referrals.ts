/**
 * Where backers come from (DESIGN.md §19): every visit to a project page and every pledge is attributed to one
 * source, by one rule both sides run: a tag the creator made > an internal source Fundry's own links carry > the
 * external site's host from `Referer` > `direct`.
 */

/** A tag's name: 1–40 letters, digits, `-` or `_` (it travels in a link as `?ref=NAME`). */
export const REFERRAL_TAG_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const REFERRAL_TAG_NAME_MAX = 40;
/** Tags a project may have. */
export const REFERRAL_TAGS_MAX = 100;
/** How long the browser keeps the source of a visit to send it with a pledge. */
export const REFERRAL_KEEP_DAYS = 30;
/** The query parameter a link names its source in. */
export const REFERRAL_QUERY_PARAM = 'ref';
export const DIRECT_SOURCE = 'direct';

/** The networks of the Share dialog, each an internal source `share-<network>`. */
export const SHARE_NETWORKS = ['twitter', 'facebook', 'linkedin'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** The sources Fundry's own links to a project carry. */
export const INTERNAL_REFERRAL_SOURCES = [
  'home',
  'explore',
  'search',
  'category',
  'profile',
  'saved',
  'email',
  'notification',
  'embed',
  ...SHARE_NETWORKS.map((network) => `share-${network}` as const),
] as const;
export type InternalReferralSource = (typeof INTERNAL_REFERRAL_SOURCES)[number];

export const REFERRAL_SOURCE_KINDS = ['tag', 'internal', 'external', 'direct'] as const;
export type ReferralSourceKind = (typeof REFERRAL_SOURCE_KINDS)[number];

export interface Attribution {
  kind: ReferralSourceKind;
  /** What the visit or pledge is counted under: the tag's name as the creator wrote it, the internal name, a host. */
  source: string;
}

const HOST_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)+$/;

const isInternal = (ref: string): ref is InternalReferralSource =>
  (INTERNAL_REFERRAL_SOURCES as readonly string[]).includes(ref);

/** A host name as a source: lower case, without `www.`; null when it is not one (no dot, odd characters). */
export function hostSource(host: string | null | undefined): string | null {
  if (!host) return null;
  const name = host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return HOST_PATTERN.test(name) ? name : null;
}

/**
 * The host of a `Referer` header when it is another site's: null for none, an unreadable one, or Fundry's own pages
 * (`ownHost`), whose links name their source themselves.
 */
export function externalHostOf(referer: string | null | undefined, ownHost: string | null): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = hostSource(url.hostname);
  if (!host) return null;
  return ownHost && host === hostSource(ownHost) ? null : host;
}

/**
 * The one rule (DESIGN.md §19): `ref` naming one of the project's tags (any case) > `ref` naming an internal source >
 * the external host > `direct`. A `ref` that names neither is left out, never an error.
 */
export function attributeSource(input: {
  ref?: string | null;
  externalHost?: string | null;
  tags: readonly string[];
}): Attribution {
  const ref = input.ref?.trim() ?? '';
  if (ref && REFERRAL_TAG_PATTERN.test(ref)) {
    const wanted = ref.toLowerCase();
    const tag = input.tags.find((name) => name.toLowerCase() === wanted);
    if (tag !== undefined) return { kind: 'tag', source: tag };
    if (isInternal(wanted)) return { kind: 'internal', source: wanted };
  }
  const host = hostSource(input.externalHost);
  if (host) return { kind: 'external', source: host };
  return { kind: 'direct', source: DIRECT_SOURCE };
}

/**
 * A pledge's `ref` as the browser kept it (the `ref` of the visit, or the other site's host): a tag, an internal
 * source, a host, else `direct`.
 */
export function attributePledge(ref: string | null | undefined, tags: readonly string[]): Attribution {
  return attributeSource({ ref, externalHost: ref, tags });
}

/** Which kind a counted source is, read back in a report against the project's tags of now. */
export function kindOfSource(source: string, tags: readonly string[]): ReferralSourceKind {
  if (tags.some((name) => name.toLowerCase() === source.toLowerCase())) return 'tag';
  if (source === DIRECT_SOURCE) return 'direct';
  if (isInternal(source)) return 'internal';
  return 'external';
}

/** Fundry's own link to a project with the source it carries (`?ref=…`), for every place that links to one. */
export function withReferral(path: string, source: InternalReferralSource): string {
  const hash = path.indexOf('#');
  const [base, fragment] = hash < 0 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${REFERRAL_QUERY_PARAM}=${source}${fragment}`;
}
