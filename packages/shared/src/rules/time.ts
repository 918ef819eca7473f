/**
 * SPEC §9 relative time: under 60 s 'just now', then minutes, hours, days (under 7), weeks (under 30 days),
 * then the date. Unparseable input gives 'Unknown date'.
 */
export function relativeTime(value: string | Date | null | undefined, now: number = Date.now()): string {
  const time = value instanceof Date ? value.getTime() : value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) return 'Unknown date';
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
