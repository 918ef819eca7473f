import {
  CURRENCY_DECIMALS_MESSAGE,
  daysBetween,
  type FundingModel,
  hasValidDecimals,
  isValidImageUrl,
  MAX_CAMPAIGN_DAYS,
  MAX_GOAL_DOLLARS,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  type Project,
  PROJECT_MESSAGES,
  videoEmbed,
} from '@fundry/shared';
import { isRichTextEmpty } from '@/components/projects/RichTextContent';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/ogg'] as const;

export type MediaType = 'file' | 'url';

/**
 * The form's values. Keys are the API's field names, so a 400's `details` land under the right field.
 * Picked files live beside the form (with their preview addresses), not in it.
 */
export interface ProjectFormValues {
  title: string;
  category_id: string | null;
  /** The project's currency; empty until chosen, when the operator's first is meant (DESIGN.md §15). */
  currency: string;
  goal_amount: number | string;
  start_date: string;
  end_date: string;
  description: string;
  risk_and_challenges: string;
  funding_model: FundingModel;
  /** Pledge over time offered (DESIGN.md §20): all-or-nothing only, until launch. */
  pledge_over_time: boolean;
  featured: boolean;
  imageType: MediaType;
  image_url: string;
  videoType: MediaType;
  video_url: string;
  /** The language the project is written in; a new project starts in the creator's language. */
  language: string;
}

/** A picked file: its preview address when it is acceptable, or the reason it is not. */
export interface PickedFile {
  file: File;
  previewUrl: string | null;
  problem: string | null;
}

const isUploaded = (path: string | null | undefined) => Boolean(path?.startsWith('/uploads/'));

export function initialValues(project: Project | undefined, creatorLanguage: string): ProjectFormValues {
  const image = project?.image_url ?? null;
  const video = project?.video_url ?? null;
  return {
    title: project?.title ?? '',
    category_id: project?.category_id ? String(project.category_id) : null,
    currency: project?.currency ?? '',
    goal_amount: project?.goal_amount ?? '',
    start_date: project?.start_date ?? '',
    end_date: project?.end_date ?? '',
    description: project?.description ?? '',
    risk_and_challenges: project?.risk_and_challenges ?? project?.risks_and_challenges ?? '',
    funding_model: project?.funding_model ?? 'all_or_nothing',
    pledge_over_time: project?.pledge_over_time ?? false,
    featured: project ? project.featured_requested || project.featured : false,
    imageType: image && !isUploaded(image) ? 'url' : 'file',
    image_url: image && !isUploaded(image) ? image : '',
    videoType: video && !isUploaded(video) ? 'url' : 'file',
    video_url: video && !isUploaded(video) ? video : '',
    language: project?.language ?? creatorLanguage,
  };
}

export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return PROJECT_MESSAGES.imageType;
  if (file.size > MAX_IMAGE_BYTES) return PROJECT_MESSAGES.imageSize;
  return null;
}

export function videoFileProblem(file: File): string | null {
  if (!(VIDEO_TYPES as readonly string[]).includes(file.type)) return PROJECT_MESSAGES.videoType;
  if (file.size > MAX_VIDEO_BYTES) return PROJECT_MESSAGES.videoSize;
  return null;
}

export function imageUrlProblem(value: string): string | null {
  const url = value.trim();
  return !url || isValidImageUrl(url) ? null : PROJECT_MESSAGES.imageUrl;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An empty URL is fine; a malformed one is not a URL; a well-formed one must be YouTube or Vimeo. */
export function videoUrlProblem(value: string): string | null {
  const url = value.trim();
  if (!url) return null;
  if (!isWebAddress(url)) return PROJECT_MESSAGES.videoUrl;
  return videoEmbed(url) ? null : PROJECT_MESSAGES.videoHost;
}

export interface ValidationContext {
  /** The currency the amounts are in (the chosen one, else the operator's first); null until the site's
   * configuration is known, when only the server checks the decimals. */
  currency: string | null;
  /** Saving a draft: only the title is required. */
  draft: boolean;
  /** The campaign is live: its start date may lie in the past (and cannot change). */
  live: boolean;
  /** Today's calendar date (UTC, as the server counts campaign days). */
  today: string;
  image: PickedFile | null;
  video: PickedFile | null;
}

/** SPEC §5's project-form rules; the result maps field names to the message shown under each. */
export function validateProject(values: ProjectFormValues, context: ValidationContext) {
  const errors: Partial<Record<keyof ProjectFormValues | 'image' | 'video', string>> = {};
  const required = !context.draft;
  if (!values.title.trim()) errors.title = PROJECT_MESSAGES.titleRequired;
  if (required && !values.category_id) errors.category_id = PROJECT_MESSAGES.categoryRequired;

  const goalText = String(values.goal_amount).trim();
  if (!goalText) {
    if (required) errors.goal_amount = PROJECT_MESSAGES.goalRequired;
  } else {
    const goal = Number(goalText);
    if (!Number.isFinite(goal) || goal <= 0) errors.goal_amount = PROJECT_MESSAGES.goalPositive;
    else if (goal > MAX_GOAL_DOLLARS) errors.goal_amount = PROJECT_MESSAGES.goalTooLarge;
    else if (context.currency && !hasValidDecimals(goal, context.currency)) {
      errors.goal_amount = CURRENCY_DECIMALS_MESSAGE;
    }
  }

  if (required && !values.start_date) errors.start_date = PROJECT_MESSAGES.startRequired;
  if (required && !values.end_date) errors.end_date = PROJECT_MESSAGES.endRequired;
  if (values.start_date && values.end_date) {
    if (required && !context.live && values.start_date < context.today) {
      errors.start_date = PROJECT_MESSAGES.startPast;
    } else if (values.end_date <= values.start_date) {
      errors.end_date = PROJECT_MESSAGES.endBeforeStart;
    } else if (daysBetween(values.start_date, values.end_date) > MAX_CAMPAIGN_DAYS) {
      errors.end_date = PROJECT_MESSAGES.tooLong;
    }
  }

  if (required && isRichTextEmpty(values.description)) {
    errors.description = PROJECT_MESSAGES.descriptionRequired;
  }
  if (required && isRichTextEmpty(values.risk_and_challenges)) {
    errors.risk_and_challenges = PROJECT_MESSAGES.risksRequired;
  }

  if (values.imageType === 'file' && context.image?.problem) errors.image = context.image.problem;
  if (values.imageType === 'url') {
    const problem = imageUrlProblem(values.image_url);
    if (problem) errors.image_url = problem;
  }
  if (values.videoType === 'file' && context.video?.problem) errors.video = context.video.problem;
  if (values.videoType === 'url') {
    const problem = videoUrlProblem(values.video_url);
    if (problem) errors.video_url = problem;
  }
  return errors;
}

/**
 * The multipart body of SPEC §7: only fields that have a value, the status the button asks for, and the
 * image and video either as a file part or as a URL.
 */
export function toFormData(
  values: ProjectFormValues,
  {
    status,
    image,
    video,
    currencyChanged,
  }: {
    status?: 'DRAFT' | 'PENDING';
    image: PickedFile | null;
    video: PickedFile | null;
    /** Sent only when chosen anew: a project with pledges keeps its currency, and says so if asked to change. */
    currencyChanged: boolean;
  },
): FormData {
  const body = new FormData();
  const put = (field: string, value: string | null | undefined) => {
    const text = value?.trim();
    if (text) body.append(field, text);
  };
  put('title', values.title);
  put('category_id', values.category_id);
  if (currencyChanged) put('currency', values.currency);
  put('goal_amount', String(values.goal_amount));
  put('start_date', values.start_date);
  put('end_date', values.end_date);
  if (!isRichTextEmpty(values.description)) put('description', values.description);
  if (!isRichTextEmpty(values.risk_and_challenges)) put('risk_and_challenges', values.risk_and_challenges);
  body.append('featured', values.featured ? 'true' : 'false');
  body.append('funding_model', values.funding_model);
  body.append(
    'pledge_over_time',
    values.pledge_over_time && values.funding_model === 'all_or_nothing' ? 'true' : 'false',
  );
  put('language', values.language);
  if (status) body.append('status', status);

  if (values.imageType === 'file' && image && !image.problem) {
    body.append('imageType', 'file');
    body.append('image_file', image.file, image.file.name);
  } else if (values.imageType === 'url' && values.image_url.trim()) {
    body.append('imageType', 'url');
    put('image_url', values.image_url);
  }
  if (values.videoType === 'file' && video && !video.problem) {
    body.append('videoType', 'file');
    body.append('video_file', video.file, video.file.name);
  } else if (values.videoType === 'url' && values.video_url.trim()) {
    body.append('videoType', 'url');
    put('video_url', values.video_url);
  }
  return body;
}
