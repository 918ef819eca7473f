import { describe, expect, it } from 'vitest';
import { RefreshedValues, TtlCache } from './ttl-cache';

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

describe('RefreshedValues', () => {
  /** A load that resolves when the test says so, numbering its results. */
  function loads() {
    let count = 0;
    const pending: (() => void)[] = [];
    const load = () =>
      new Promise<number>((resolve) => {
        const value = ++count;
        pending.push(() => resolve(value));
      });
    const settle = async () => {
      for (const resolve of pending.splice(0)) resolve();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { load, settle, started: () => count };
  }

  it('answers a value past its time while the next one loads, and the new one once loaded', async () => {
    let now = 0;
    const values = new RefreshedValues<number>(1_000, 60_000, 10, () => now);
    const { load, settle, started } = loads();
    const first = values.get('k', load);
    await settle();
    expect(await first).toBe(1);
    now = 1_500;
    // Past its time: the first value at once, one reload started however many ask.
    expect(await values.get('k', load)).toBe(1);
    expect(await values.get('k', load)).toBe(1);
    expect(started()).toBe(2);
    await settle();
    expect(await values.get('k', load)).toBe(2);
  });

  it('waits for a fresh value when the kept one is older than it may be answered', async () => {
    let now = 0;
    const values = new RefreshedValues<number>(1_000, 5_000, 10, () => now);
    const { load, settle } = loads();
    const first = values.get('k', load);
    await settle();
    await first;
    now = 6_000;
    const answer = values.get('k', load);
    await settle();
    expect(await answer).toBe(2);
  });

  it('forgets every value on clear, and keeps at most its number of keys', async () => {
    const values = new RefreshedValues<string>(1_000, 60_000, 2, () => 0);
    await values.get('a', async () => 'a1');
    await values.get('b', async () => 'b1');
    values.clear();
    expect(await values.get('a', async () => 'a2')).toBe('a2');
    await values.get('b', async () => 'b2');
    await values.get('c', async () => 'c2');
    expect(await values.get('a', async () => 'a3')).toBe('a3');
    expect(await values.get('c', async () => 'c3')).toBe('c2');
  });
});
