import { campaignEnd } from '@fundry/shared';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date ('YYYY-MM-DD') in the reader's own format. It is read as a local date, so no time zone
 * moves it to the day before; anything unparseable reads 'Invalid date' (SPEC §8).
 */
export function formatCalendarDate(date: string | null | undefined, fallback = 'Not specified'): string {
  if (!date) return fallback;
  const match = CALENDAR_DATE.exec(date);
  const value = match
    ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    : new Date(Number.NaN);
  return Number.isNaN(value.getTime())
    ? 'Invalid date'
    : value.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A timestamp (ISO 8601) as a local date, or 'Unknown date' (SPEC §8). */
export function formatTimestampDate(timestamp: string | null | undefined): string {
  const value = new Date(timestamp ?? Number.NaN);
  return Number.isNaN(value.getTime())
    ? 'Unknown date'
    : value.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The year of a timestamp, or 'N/A'. */
export function yearOf(timestamp: string | null | undefined): string {
  const value = new Date(timestamp ?? Number.NaN);
  return Number.isNaN(value.getTime()) ? 'N/A' : String(value.getFullYear());
}

/** True once a campaign's last day (UTC, DESIGN.md §3) is over. */
export function hasEnded(endDate: string | null | undefined, now: number = Date.now()): boolean {
  if (!endDate) return false;
  const end = campaignEnd(endDate);
  return !Number.isNaN(end) && now > end;
}
