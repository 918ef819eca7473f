import { campaignEnd } from '@fundry/shared';
import { currentTranslator } from './i18n';

/**
 * A calendar date ('YYYY-MM-DD') in the page's language, read as a local date so no time zone moves it to the
 * day before; anything unparseable reads 'Invalid date' (SPEC §8). In a component, prefer the translator's own
 * `calendarDate`.
 */
export function formatCalendarDate(date: string | null | undefined, fallback?: string): string {
  const translator = currentTranslator();
  if (!date) return fallback ?? translator.t('common.date.notSpecified');
  return translator.calendarDate(date);
}

/** A timestamp (ISO 8601) as a date in the page's language, or 'Unknown date' (SPEC §8). */
export function formatTimestampDate(timestamp: string | null | undefined): string {
  return currentTranslator().timestampDate(timestamp);
}

/** The year of a timestamp, or 'N/A'. */
export function yearOf(timestamp: string | null | undefined): string {
  const value = new Date(timestamp ?? Number.NaN);
  return Number.isNaN(value.getTime())
    ? currentTranslator().t('common.date.notAvailable')
    : String(value.getFullYear());
}

/** True once a campaign's last day (UTC, DESIGN.md §3) is over. */
export function hasEnded(endDate: string | null | undefined, now: number = Date.now()): boolean {
  if (!endDate) return false;
  const end = campaignEnd(endDate);
  return !Number.isNaN(end) && now > end;
}
