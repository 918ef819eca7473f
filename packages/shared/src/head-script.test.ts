import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HEAD_SCRIPT } from './head-script';

describe('HEAD_SCRIPT', () => {
  it('loads Intl’s data for each kind of formatter in a task of its own, in the page’s language', () => {
    const timers: Array<() => void> = [];
    const built: Array<{ kind: string; locale: unknown }> = [];
    const spy = (kind: string, Real: new (...args: never[]) => object) =>
      function (this: unknown, locale: unknown, options: unknown) {
        built.push({ kind, locale });
        return new (Real as new (locale: unknown, options: unknown) => object)(locale, options);
      };
    runInNewContext(HEAD_SCRIPT, {
      addEventListener: () => {},
      document: { documentElement: { lang: 'ar' } },
      setTimeout: (run: () => void) => timers.push(run),
      Intl: {
        NumberFormat: spy('number', Intl.NumberFormat),
        DateTimeFormat: spy('date', Intl.DateTimeFormat),
        PluralRules: spy('plural', Intl.PluralRules),
        ListFormat: spy('list', Intl.ListFormat),
        DisplayNames: spy('region', Intl.DisplayNames),
      },
    });
    const perTask: string[][] = [];
    while (timers.length > 0) {
      const before = built.length;
      timers.shift()!();
      perTask.push(built.slice(before).map((entry) => entry.kind));
    }
    expect(perTask.filter((kinds) => kinds.length > 0)).toEqual([
      ['number'],
      ['date'],
      ['plural'],
      ['list'],
      ['region'],
    ]);
    expect(built.every((entry) => JSON.stringify(entry.locale).includes('ar'))).toBe(true);
  });
});
