import { ENDING_SOON_DAYS, IMAGE_URL_EXTENSIONS, MS_PER_DAY } from '../constants';

export const PROJECT_STATUSES = [
  'DRAFT',
  'PENDING',
  'ACTIVE',
  'SUCCESSFUL',
  'FAILED',
  'REJECTED',
  'CANCELED',
  'SUSPENDED',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** The statuses listed, searched and offered anywhere a visitor browses. */
export const PUBLIC_STATUSES: readonly ProjectStatus[] = ['ACTIVE', 'SUCCESSFUL', 'FAILED'];
/**
 * Campaigns ended before their time (DESIGN.md §18), by their creator (CANCELED) or an admin (SUSPENDED): final, their
 * page a tombstone at its address, in no list.
 */
export const ENDED_EARLY_STATUSES: readonly ProjectStatus[] = ['CANCELED', 'SUSPENDED'];
/** Why an admin suspends a project or sanctions a person (DESIGN.md §18); a report's category is one of them too. */
export const SUSPENSION_REASONS = ['fraud', 'spam', 'prohibited', 'intellectual_property', 'other'] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];
/** Each reason's wording: the admin's selects, a person's mail, a suspended project's page and a report's category. */
export const SUSPENSION_REASON_KEYS = {
  fraud: 'common.suspensionReason.fraud',
  spam: 'common.suspensionReason.spam',
  prohibited: 'common.suspensionReason.prohibited',
  intellectual_property: 'common.suspensionReason.intellectual_property',
  other: 'common.suspensionReason.other',
} as const satisfies Record<SuspensionReason, string>;

/** The My Projects tab values (SPEC §2) and what each means; `revoked` is REJECTED. */
export const STATUS_FILTERS = {
  draft: ['DRAFT'],
  pending: ['PENDING'],
  active: ['ACTIVE'],
  successful: ['SUCCESSFUL'],
  failed: ['FAILED'],
  revoked: ['REJECTED'],
  rejected: ['REJECTED'],
  canceled: ['CANCELED'],
  suspended: ['SUSPENDED'],
} as const satisfies Record<string, readonly ProjectStatus[]>;
export type StatusFilter = keyof typeof STATUS_FILTERS;

export const FUNDING_MODELS = ['all_or_nothing', 'flexible'] as const;
export type FundingModel = (typeof FUNDING_MODELS)[number];

export const MAX_GOAL_DOLLARS = 100_000_000;

export const PROJECT_MESSAGES = {
  language: 'msg.project.language',
  titleRequired: 'msg.project.titleRequired',
  categoryRequired: 'msg.project.categoryRequired',
  goalRequired: 'msg.project.goalRequired',
  goalPositive: 'msg.project.goalPositive',
  goalTooLarge: 'msg.project.goalTooLarge',
  goalDecimals: 'msg.project.goalDecimals',
  startRequired: 'msg.project.startRequired',
  endRequired: 'msg.project.endRequired',
  startPast: 'msg.project.startPast',
  endBeforeStart: 'msg.project.endBeforeStart',
  tooLong: 'msg.project.tooLong',
  descriptionRequired: 'msg.project.descriptionRequired',
  risksRequired: 'msg.project.risksRequired',
  imageType: 'msg.project.imageType',
  imageSize: 'msg.project.imageSize',
  videoType: 'msg.project.videoType',
  videoSize: 'msg.project.videoSize',
  imageUrl: 'msg.project.imageUrl',
  videoUrl: 'msg.project.videoUrl',
  videoHost: 'msg.project.videoHost',
} as const;

/** Badge colours on lists (SPEC §4). */
export function statusColor(status: string | null | undefined): string {
  switch ((status ?? 'DRAFT').toUpperCase()) {
    case 'ACTIVE':
      return 'green';
    case 'SUCCESSFUL':
      return 'blue';
    case 'DRAFT':
      return 'gray';
    case 'PENDING':
      return 'yellow';
    default:
      return 'red';
  }
}

/** Today's calendar date in UTC (YYYY-MM-DD): campaigns run on UTC dates (DESIGN.md §3). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function parseCalendarDate(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parseCalendarDate(to) - parseCalendarDate(from)) / MS_PER_DAY);
}

/** A campaign ends at 23:59:59 UTC of its end date. */
export function campaignEnd(endDate: string): number {
  return parseCalendarDate(endDate) + MS_PER_DAY - 1000;
}

/** Whole days to the end date, rounded up, never below 0 (SPEC §4). */
export function daysLeft(endDate: string | null | undefined, now: number = Date.now()): number {
  if (!endDate) return 0;
  const end = campaignEnd(endDate);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / MS_PER_DAY));
}

/** Current over goal, capped at 100, 0 when there is no goal or it is not a number (SPEC §4). */
export function percentFunded(current: number | null | undefined, goal: number | null | undefined): number {
  if (!goal || !Number.isFinite(goal) || goal <= 0 || !Number.isFinite(current ?? Number.NaN)) return 0;
  return Math.min(100, Math.max(0, ((current ?? 0) / goal) * 100));
}

/** Ending Soon: a date 1 to 7 days away (SPEC §4, rewards). */
export function isEndingSoon(date: string | null | undefined, now: number = Date.now()): boolean {
  if (!date) return false;
  const days = Math.ceil((parseCalendarDate(date) - now) / MS_PER_DAY);
  return days >= 1 && days <= ENDING_SOON_DAYS;
}

/** The three image hosting services whose links are accepted without a file extension. */
export const IMAGE_URL_HOSTS = ['images.unsplash.com', 'i.imgur.com', 'res.cloudinary.com'] as const;

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function isValidImageUrl(value: string): boolean {
  const url = parseHttpUrl(value);
  if (!url) return false;
  const extension = url.pathname.split('.').pop()?.toLowerCase() ?? '';
  return (
    (IMAGE_URL_EXTENSIONS as readonly string[]).includes(extension) ||
    (IMAGE_URL_HOSTS as readonly string[]).includes(url.hostname)
  );
}

export type VideoEmbed = { provider: 'youtube' | 'vimeo'; id: string; embedUrl: string };

/** The embed form of a YouTube or Vimeo link, or null for anything else. */
export function videoEmbed(value: string | null | undefined): VideoEmbed | null {
  const url = value ? parseHttpUrl(value) : null;
  if (!url) return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : /^\/(?:embed|shorts|live)\/([\w-]{6,})/.exec(url.pathname)?.[1];
  } else if (host === 'youtu.be') {
    id = /^\/([\w-]{6,})/.exec(url.pathname)?.[1];
  }
  if (id && /^[\w-]{6,20}$/.test(id)) {
    return { provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeoId = /^\/(?:video\/)?(\d{5,12})(?:\/|$)/.exec(url.pathname)?.[1];
    if (vimeoId)
      return { provider: 'vimeo', id: vimeoId, embedUrl: `https://player.vimeo.com/video/${vimeoId}` };
  }
  return null;
}

/** Media paths: /uploads/... are ours; other relative paths are prefixed; the rest are external (SPEC §3). */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('/uploads/') || /^(https?:|data:|blob:)/.test(path)) return path;
  return `/uploads/${path.replace(/^\/+/, '')}`;
}

/**
 * The picture at the top of a project's page, its largest paint: the cover image, shown as it is or as a hosted
 * video's facade; null when there is none or an uploaded video's player shows instead (its poster waits for it).
 */
export function projectCover(project: { image_url: string | null; video_url: string | null }): string | null {
  if (project.video_url && !videoEmbed(project.video_url)) return null;
  return mediaUrl(project.image_url);
}
