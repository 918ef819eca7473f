import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HEAD_SCRIPT, INTL_WARM_UP_PATH, INTL_WARM_UP_WORKER } from './head-script';

describe('HEAD_SCRIPT', () => {
  it('starts the Intl warm-up worker in the page’s language, off the main thread', () => {
    const workers: string[] = [];
    runInNewContext(HEAD_SCRIPT, {
      addEventListener: () => {},
      document: { documentElement: { lang: 'pt-BR' } },
      Worker: function (this: unknown, url: string) {
        workers.push(url);
      },
    });
    expect(workers).toEqual([`${INTL_WARM_UP_PATH}?lang=pt-BR`]);
  });

  it('leaves a browser without workers a working page', () => {
    expect(() =>
      runInNewContext(HEAD_SCRIPT, {
        addEventListener: () => {},
        document: { documentElement: { lang: 'de' } },
      }),
    ).not.toThrow();
  });
});

describe('INTL_WARM_UP_WORKER', () => {
  /** Runs the worker's script as a worker would at `search`, recording each formatter it builds. */
  function runWorker(search: string) {
    const built: Array<{ kind: string; locale: unknown }> = [];
    let closed = false;
    const spy = (kind: string, Real: new (...args: never[]) => object) =>
      function (this: unknown, locale: unknown, options: unknown) {
        built.push({ kind, locale });
        return new (Real as new (locale: unknown, options: unknown) => object)(locale, options);
      };
    runInNewContext(INTL_WARM_UP_WORKER, {
      location: { search },
      URLSearchParams,
      close: () => {
        closed = true;
      },
      Intl: {
        NumberFormat: spy('number', Intl.NumberFormat),
        DateTimeFormat: spy('date', Intl.DateTimeFormat),
        PluralRules: spy('plural', Intl.PluralRules),
        ListFormat: spy('list', Intl.ListFormat),
        DisplayNames: spy('region', Intl.DisplayNames),
      },
    });
    return { built, closed };
  }

  it('builds every kind of formatter the pages use, in the language it was started with, and ends', () => {
    const { built, closed } = runWorker('?lang=ar');
    expect(built.map((entry) => entry.kind)).toEqual(['number', 'date', 'plural', 'list', 'region']);
    expect(built.every((entry) => JSON.stringify(entry.locale).includes('ar'))).toBe(true);
    expect(closed).toBe(true);
  });

  it('ends without an error on a language Intl rejects', () => {
    const { built, closed } = runWorker('?lang=%3Cnot%20a%20language%3E');
    expect(built).toHaveLength(1);
    expect(closed).toBe(true);
  });
});
