import { describe, expect, it } from 'vitest';
import { type TitleEntry, TitleIndex } from './title-index';

const entries = [
  { id: 1, title: 'Solar kettle', category_name: 'Tech', backers_count: 90 },
  { id: 2, title: 'Harbour lantern: the solar edition', category_name: 'Design', backers_count: 50 },
  { id: 3, title: 'Kettle drum album', category_name: 'Music', backers_count: 10 },
  { id: 4, title: 'Sólar café', category_name: null, backers_count: 5 },
];
const index = await TitleIndex.build(entries);
const ids = (text: string, limit = 5) => index.search(text, limit).map((entry) => entry.id);

const titled = (titles: string[]): TitleEntry[] =>
  titles.map((title, i) => ({ id: i + 1, title, category_name: null, backers_count: titles.length - i }));

/** A small random generator, so that a failing case can be run again. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

/** The fewest edits (a letter inserted, deleted, replaced, or two adjacent swapped) from `a` to `b`. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

const split = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The answers by reading every title: what the index must give, however it gets there. */
function everyTitle(all: TitleEntry[]) {
  const titles = all.map((entry) => ({ id: entry.id, words: split(entry.title) }));
  const vocabulary = [...new Set(titles.flatMap(({ words }) => words))];
  return (text: string, limit: number): number[] => {
    const typed = split(text);
    if (typed.length === 0) return [];
    const typos = typed.map((word) => {
      const byWord = new Map<string, number>();
      for (const indexed of vocabulary) {
        // A prefix two letters longer or shorter than the word is more than one edit away.
        const prefixes = [word.length - 1, word.length, word.length + 1]
          .filter((length) => length > 0 && length <= indexed.length)
          .map((length) => indexed.slice(0, length));
        if (indexed.startsWith(word)) byWord.set(indexed, 0);
        else if (word.length >= 3 && prefixes.some((prefix) => distance(word, prefix) === 1)) {
          byWord.set(indexed, 1);
        }
      }
      return byWord;
    });
    return titles
      .map(({ id, words }, position) => ({
        id,
        position,
        typos: typos.reduce(
          (sum, byWord) => sum + Math.min(...words.map((w) => byWord.get(w) ?? Infinity)),
          0,
        ),
      }))
      .filter(({ typos }) => typos < Infinity)
      .sort((a, b) => a.typos - b.typos || a.position - b.position)
      .slice(0, limit)
      .map(({ id }) => id);
  };
}

describe('TitleIndex', () => {
  it('matches titles whose words start with every word typed, the most backed first', () => {
    // "Sólar" is one typo from "sol…": after the exact matches, however backed.
    expect(ids('sol')).toEqual([1, 2, 4]);
    expect(ids('KETTLE')).toEqual([1, 3]);
    expect(ids('kettle so')).toEqual([1]);
    expect(ids('lantern harbour sol')).toEqual([2]);
    expect(ids('sól ca')).toEqual([4]);
    expect(ids('kettle', 1)).toEqual([1]);
  });

  it('lets two typed words start the same word of a title, and counts a word typed twice once', () => {
    expect(ids('ke kett')).toEqual([1, 3]);
    expect(ids('kettle kettle dr')).toEqual([3]);
  });

  it('finds the words a prefix starts before, among and after all others', async () => {
    const sorted = await TitleIndex.build(titled(['aa', 'ab abc', 'b', 'ba bb', 'zz']));
    const found = (text: string) => sorted.search(text, 5).map((entry) => entry.id);
    expect(found('a')).toEqual([1, 2]);
    expect(found('b')).toEqual([3, 4]);
    expect(found('zz')).toEqual([5]);
    expect(found('0')).toEqual([]);
    expect(found('zzz')).toEqual([5]);
    expect(found('zzzz')).toEqual([]);
  });

  it('forgives one typo in a word of three letters or more, ranking exact matches first', () => {
    expect(ids('solr kettle')).toEqual([1]);
    expect(ids('ketlte')).toEqual([1, 3]);
    expect(ids('kettel dr')).toEqual([3]);
    expect(ids('lanterm')).toEqual([2]);
    expect(ids('drun kettle')).toEqual([3]);
    expect(ids('kettle alb')).toEqual([3]);
    expect(ids('xo')).toEqual([]);
  });

  it('forgives a typo wherever it is: in the first letter, in the second or later', async () => {
    const lanterns = await TitleIndex.build(titled(['Paper lantern', 'Paper moon']));
    const found = (text: string) => lanterns.search(text, 5).map((entry) => entry.id);
    for (const typed of [
      ...['xantern', 'xlantern', 'antern', 'alntern'], // the first letter wrong, one more before it, missing, swapped
      ...['lxntern', 'lxantern', 'lntern', 'lnatern'], // the same for the second
      ...['laxtern', 'lanterm', 'lantenr', 'lanxtern', 'lanern'], // later
      ...['lnt', 'xan', 'alan', 'lanternx'],
    ]) {
      expect(found(typed), typed).toEqual([1]);
    }
    // Two typos, or a typo in a word of two letters.
    for (const typed of ['xxntern', 'antenr', 'xa', 'la lnterx']) expect(found(typed), typed).toEqual([]);
  });

  it('gives the most backed of many titles that all need a typo', async () => {
    const kettles = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      title: `Kettle number ${i}`,
      category_name: null,
      backers_count: 100 - i,
    }));
    const many = await TitleIndex.build([
      ...kettles,
      { id: 99, title: 'Ketlte numbers', category_name: null, backers_count: 1 },
    ]);
    expect(many.search('ketlte num', 5).map((entry) => entry.id)).toEqual([99, 1, 2, 3, 4]);
    expect(many.search('kettel nmu', 3).map((entry) => entry.id)).toEqual([1, 2, 3]);
  });

  it('walks past thousands of titles, common words and rare ones, to the last title', async () => {
    const titles = Array.from({ length: 10_001 }, (_, i) => `Common ${i % 7 === 0 ? 'seven' : 'other'} ${i}`);
    for (const position of [4095, 4096, 8191, 10_000]) titles[position] = `Common rare ${position}`;
    // "Cab" and many words like it: a prefix that starts too many words to narrow the walk.
    for (let i = 0; i < 40; i++) titles[100 + i * 200] += ` cab${i}`;
    const all = titled(titles);
    const long = await TitleIndex.build(all);
    const found = (text: string, limit = 5) => long.search(text, limit).map((entry) => entry.id);
    expect(found('rare common')).toEqual([4096, 4097, 8192, 10_001]);
    expect(found('rrae')).toEqual([4096, 4097, 8192, 10_001]);
    // The one exact match is the last title; "1000" is one typo away.
    expect(found('10000')).toEqual([10_001, 1001]);
    expect(found('c o', 2)).toEqual([2, 3]);
    const expected = everyTitle(all);
    for (const text of [
      'ca se',
      'cab1 commn',
      'seven 9996',
      'sevne 99',
      'rare 8',
      'comon rar',
      'other 4095',
    ]) {
      expect(found(text), text).toEqual(expected(text, 5));
    }
  });

  it('finds titles with fewer typos thousands of titles after those with more', async () => {
    const titles = Array.from({ length: 10_000 }, (_, i): string => (i < 5000 ? 'Kettel lamb' : 'Other'));
    for (let i = 5000; i < 6000; i++) titles[i] = 'Kettle lamb';
    for (let i = 9000; i < 9003; i++) titles[i] = 'Kettle lamp';
    const kettles = await TitleIndex.build(titled(titles));
    expect(kettles.search('kettle lamp', 5).map((entry) => entry.id)).toEqual([9001, 9002, 9003, 5001, 5002]);
    // "Lamx" starts no word: every title has a typo there.
    titles.fill('Other', 5000, 6000);
    titles.fill('Kettle lamb', 9000, 9003);
    const typos = await TitleIndex.build(titled(titles));
    expect(typos.search('kettle lamx', 5).map((entry) => entry.id)).toEqual([9001, 9002, 9003, 1, 2]);
  });

  it('answers as reading every title would, on many random titles and texts', async () => {
    const random = seeded(7);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const letters = ['a', 'b', 'e', 'é', 'r', 's', 't', '1'];
    const vocabulary = Array.from({ length: 400 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(letters)).join(''),
    );
    // Some words in many titles (a bitset each), most in a few (a posting list).
    const word = () => vocabulary[Math.floor(random() ** 3 * vocabulary.length)]!;
    const all = titled(
      Array.from({ length: 5000 }, () =>
        Array.from({ length: 1 + Math.floor(random() * 4) }, word).join(' '),
      ),
    );
    const many = await TitleIndex.build(all);
    const expected = everyTitle(all);
    for (let i = 0; i < 150; i++) {
      const typed = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const chosen = word().slice(0, 1 + Math.floor(random() * 6));
        const at = Math.floor(random() * chosen.length);
        return random() < 0.3 ? chosen.slice(0, at) + pick(letters) + chosen.slice(at + 1) : chosen;
      }).join(' ');
      const limit = 1 + Math.floor(random() * 6);
      expect(
        many.search(typed, limit).map((entry) => entry.id),
        typed,
      ).toEqual(expected(typed, limit));
    }
  });

  it('finds nothing for text without a word', async () => {
    expect(ids('%')).toEqual([]);
    expect(ids('  ')).toEqual([]);
    expect((await TitleIndex.build([])).search('solar', 5)).toEqual([]);
  });
});
