import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('answers from memory until the time is up, sharing a load in progress', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1_000, 10, () => now);
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1_000;
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string>(1_000, 10, () => 0);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('holds at most its number of entries, dropping the oldest', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(60_000, 2, () => 0);
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });
});
