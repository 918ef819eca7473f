import { describe, expect, it } from 'vitest';
import { relativeTime } from './time';

describe('relativeTime', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000);
  it('follows the SPEC §9 steps', () => {
    expect(relativeTime(ago(59), now)).toBe('just now');
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(6 * 86400), now)).toBe('6 days ago');
    expect(relativeTime(ago(7 * 86400), now)).toBe('1 week ago');
    expect(relativeTime(ago(29 * 86400), now)).toBe('4 weeks ago');
    expect(relativeTime(ago(40 * 86400), now)).toBe('Oct 12, 2026');
    expect(relativeTime('not a date', now)).toBe('Unknown date');
  });
});
