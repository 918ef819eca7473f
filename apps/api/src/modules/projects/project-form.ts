import {
  CURRENCY_DECIMALS_MESSAGE,
  daysBetween,
  exponent,
  INSTALMENT_MESSAGES,
  hasAtMostDecimals,
  isValidImageUrl,
  majorToMinor,
  MAX_CAMPAIGN_DAYS,
  MAX_GOAL_DOLLARS,
  PROJECT_MESSAGES,
  type ProjectFormFields,
  richTextToPlain,
  todayUtc,
  videoEmbed,
} from '@fundry/shared';
import type { ProjectRow, ProjectUpdate } from '../../db/schema';
import { AppError } from '../../errors';
import type { StoredImage } from './project-media';
import { sanitizeRichText } from './rich-text';

/** What a form submission asks for, after parsing and sanitising; undefined means "not sent". */
export interface ProjectChanges {
  title?: string;
  categoryId?: number | null;
  goalCents?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  description?: string | null;
  risks?: string | null;
  featuredRequested?: boolean;
  fundingModel?: 'all_or_nothing' | 'flexible';
  /** Pledge over time offered (DESIGN.md §20). */
  pledgeOverTime?: boolean;
  imageUrl?: string | null;
  imageCardUrl?: string | null;
  videoUrl?: string | null;
  language?: string;
  currency?: string;
}

export interface ProjectMedia {
  image?: StoredImage;
  videoUrl?: string;
}

export type Errors = Record<string, string>;

/** The decimals any offered currency has at most (USD, EUR: 2; JPY: 0): a figure past them is no amount at all. */
const MOST_DECIMALS = 2;

export function failValidation(errors: Errors, currency: string): never {
  const details = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
  throw new AppError(
    'VALIDATION_ERROR',
    Object.values(errors)[0] ?? 'api.projects.invalid',
    details,
    undefined,
    // What the messages may quote: the project's currency and its decimals (msg.money.decimals).
    { currency, decimals: exponent(currency) },
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function parseDate(value: string | undefined, field: string, errors: Errors): string | null | undefined {
  if (value === undefined) return undefined;
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    errors[field] = `${field === 'start_date' ? 'Start' : 'End'} date must be a date (YYYY-MM-DD)`;
    return undefined;
  }
  return value;
}

/** A well-formed BCP 47 language tag in its canonical case (`pt-br` → `pt-BR`), or null. */
function languageTag(value: string): string | null {
  try {
    return Intl.getCanonicalLocales(value.trim())[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Turns the multipart text fields into changes; both SPEC names of a field are accepted. Amounts are in `currency`,
 * the project's currency once the changes are made.
 */
export function parseForm(
  fields: ProjectFormFields,
  media: ProjectMedia,
  currency: string,
): { changes: ProjectChanges; errors: Errors } {
  const errors: Errors = {};
  const changes: ProjectChanges = {};
  if (fields.currency !== undefined) changes.currency = currency;
  if (fields.title !== undefined) changes.title = fields.title.trim();

  if (fields.category_id !== undefined) {
    const id = Number(fields.category_id);
    if (Number.isInteger(id) && id > 0) changes.categoryId = id;
    else errors.category_id = PROJECT_MESSAGES.categoryRequired;
  }

  const goal = fields.goal_amount ?? fields.funding_goal;
  if (goal !== undefined) {
    const dollars = Number(goal);
    if (!Number.isFinite(dollars) || dollars <= 0) errors.goal_amount = PROJECT_MESSAGES.goalPositive;
    else if (dollars > MAX_GOAL_DOLLARS) errors.goal_amount = PROJECT_MESSAGES.goalTooLarge;
    else if (!hasAtMostDecimals(dollars, MOST_DECIMALS)) errors.goal_amount = PROJECT_MESSAGES.goalDecimals;
    else {
      try {
        changes.goalCents = majorToMinor(dollars, currency);
      } catch {
        errors.goal_amount = CURRENCY_DECIMALS_MESSAGE;
      }
    }
  }

  const start = parseDate(fields.start_date, 'start_date', errors);
  if (start !== undefined) changes.startDate = start;
  const end = parseDate(fields.end_date, 'end_date', errors);
  if (end !== undefined) changes.endDate = end;

  if (fields.description !== undefined) changes.description = sanitizeRichText(fields.description);
  const risks = fields.risk_and_challenges ?? fields.risks_and_challenges;
  if (risks !== undefined) changes.risks = sanitizeRichText(risks);
  if (fields.featured !== undefined) changes.featuredRequested = fields.featured;
  if (fields.funding_model !== undefined) changes.fundingModel = fields.funding_model;
  if (fields.pledge_over_time !== undefined) changes.pledgeOverTime = fields.pledge_over_time;
  if (fields.language !== undefined) {
    const language = languageTag(fields.language);
    if (language) changes.language = language;
    else errors.language = PROJECT_MESSAGES.language;
  }

  if (media.image) {
    changes.imageUrl = media.image.imageUrl;
    changes.imageCardUrl = media.image.cardUrl;
  } else {
    const imageUrl = fields.image_url ?? fields.imageUrl;
    if (imageUrl !== undefined) {
      if (imageUrl.startsWith('/uploads/')) changes.imageUrl = imageUrl;
      else if (isValidImageUrl(imageUrl)) {
        changes.imageUrl = imageUrl.trim();
        changes.imageCardUrl = null;
      } else errors.image_url = PROJECT_MESSAGES.imageUrl;
    }
  }
  if (media.videoUrl) changes.videoUrl = media.videoUrl;
  else {
    const videoUrl = fields.video_url ?? fields.videoUrl;
    if (videoUrl !== undefined) {
      if (videoUrl.startsWith('/uploads/')) changes.videoUrl = videoUrl;
      else if (videoEmbed(videoUrl)) changes.videoUrl = videoUrl.trim();
      else errors.video_url = PROJECT_MESSAGES.videoHost;
    }
  }
  return { changes, errors };
}

/** The project as it would be after the changes, in the shape the rules read. */
export function merged(existing: ProjectRow | undefined, c: ProjectChanges) {
  const pick = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  return {
    title: pick(c.title, existing?.title ?? ''),
    categoryId: pick(c.categoryId, existing?.category_id ?? null),
    goalCents: pick(c.goalCents, existing?.goal_cents ?? null),
    startDate: pick(c.startDate, existing?.start_date ?? null),
    endDate: pick(c.endDate, existing?.end_date ?? null),
    description: pick(c.description, existing?.description ?? null),
    risks: pick(c.risks, existing?.risks_and_challenges ?? null),
    fundingModel: pick(c.fundingModel, existing?.funding_model ?? 'all_or_nothing'),
    pledgeOverTime: pick(c.pledgeOverTime, existing?.pledge_over_time ?? false),
  };
}

/**
 * The SPEC §5 rules: a draft needs a title; a submitted project needs everything, with a start date that
 * is not in the past (unless the campaign is already live), an end after the start, and at most 90 days.
 */
export function checkRules(
  state: ReturnType<typeof merged>,
  mode: 'draft' | 'submit' | 'live',
  errors: Errors,
) {
  if (!state.title) errors.title = PROJECT_MESSAGES.titleRequired;
  // Pledge over time is for all-or-nothing campaigns only (DESIGN.md §20).
  if (state.pledgeOverTime && state.fundingModel === 'flexible') {
    errors.pledge_over_time = INSTALMENT_MESSAGES.settingFlexible;
  }
  if (mode !== 'draft') {
    if (!state.categoryId) errors.category_id ??= PROJECT_MESSAGES.categoryRequired;
    if (!state.goalCents) errors.goal_amount ??= PROJECT_MESSAGES.goalRequired;
    if (!state.startDate) errors.start_date ??= PROJECT_MESSAGES.startRequired;
    if (!state.endDate) errors.end_date ??= PROJECT_MESSAGES.endRequired;
    if (!richTextToPlain(state.description) && !/<img/i.test(state.description ?? '')) {
      errors.description = PROJECT_MESSAGES.descriptionRequired;
    }
    if (!richTextToPlain(state.risks)) errors.risk_and_challenges = PROJECT_MESSAGES.risksRequired;
  }
  if (state.startDate && state.endDate && !errors.start_date && !errors.end_date) {
    if (mode === 'submit' && state.startDate < todayUtc()) errors.start_date = PROJECT_MESSAGES.startPast;
    else if (state.endDate <= state.startDate) errors.end_date = PROJECT_MESSAGES.endBeforeStart;
    else if (daysBetween(state.startDate, state.endDate) > MAX_CAMPAIGN_DAYS)
      errors.end_date = PROJECT_MESSAGES.tooLong;
  }
}

/** Once live: goal, start date and funding model are fixed, and the end date can only move later. */
export function checkLiveLocks(existing: ProjectRow, changes: ProjectChanges, errors: Errors) {
  if (changes.goalCents !== undefined && changes.goalCents !== existing.goal_cents) {
    errors.goal_amount = 'api.projects.goalLocked';
  }
  if (changes.startDate !== undefined && changes.startDate !== existing.start_date) {
    errors.start_date = 'api.projects.startLocked';
  }
  if (changes.fundingModel !== undefined && changes.fundingModel !== existing.funding_model) {
    errors.funding_model = 'api.projects.fundingModelLocked';
  }
  if (changes.pledgeOverTime !== undefined && changes.pledgeOverTime !== existing.pledge_over_time) {
    errors.pledge_over_time = INSTALMENT_MESSAGES.settingLaunched;
  }
  if (changes.endDate && existing.end_date && changes.endDate < existing.end_date) {
    errors.end_date = 'api.projects.endEarlier';
  }
}

/** The project's columns the changes write. */
export function projectColumns(c: ProjectChanges): ProjectUpdate {
  const columns: ProjectUpdate = {};
  if (c.currency !== undefined) columns.currency = c.currency;
  if (c.title !== undefined) columns.title = c.title;
  if (c.categoryId !== undefined) columns.category_id = c.categoryId;
  if (c.goalCents !== undefined) columns.goal_cents = c.goalCents;
  if (c.startDate !== undefined) columns.start_date = c.startDate;
  if (c.endDate !== undefined) columns.end_date = c.endDate;
  if (c.description !== undefined) {
    columns.description = c.description;
    columns.description_text = richTextToPlain(c.description);
  }
  if (c.risks !== undefined) columns.risks_and_challenges = c.risks;
  if (c.featuredRequested !== undefined) columns.featured_requested = c.featuredRequested;
  if (c.fundingModel !== undefined) columns.funding_model = c.fundingModel;
  if (c.pledgeOverTime !== undefined) columns.pledge_over_time = c.pledgeOverTime;
  if (c.imageUrl !== undefined) columns.image_url = c.imageUrl;
  if (c.imageCardUrl !== undefined) columns.image_card_url = c.imageCardUrl;
  if (c.videoUrl !== undefined) columns.video_url = c.videoUrl;
  if (c.language !== undefined) columns.language = c.language;
  return columns;
}
