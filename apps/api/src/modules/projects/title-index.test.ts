import { describe, expect, it } from 'vitest';
import { TitleIndex } from './title-index';

const entries = [
  { id: 1, title: 'Solar kettle', category_name: 'Tech', backers_count: 90 },
  { id: 2, title: 'Harbour lantern: the solar edition', category_name: 'Design', backers_count: 50 },
  { id: 3, title: 'Kettle drum album', category_name: 'Music', backers_count: 10 },
  { id: 4, title: 'Sólar café', category_name: null, backers_count: 5 },
];
const index = await TitleIndex.build(entries);
const ids = (text: string, limit = 5) => index.search(text, limit).map((entry) => entry.id);

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

  it('forgives one typo in a word of three letters or more, ranking exact matches first', () => {
    expect(ids('solr kettle')).toEqual([1]);
    expect(ids('ketlte')).toEqual([1, 3]);
    expect(ids('kettel dr')).toEqual([3]);
    expect(ids('lanterm')).toEqual([2]);
    expect(ids('drun kettle')).toEqual([3]);
    expect(ids('kettle alb')).toEqual([3]);
    expect(ids('xo')).toEqual([]);
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

  it('finds nothing for text without a word', async () => {
    expect(ids('%')).toEqual([]);
    expect(ids('  ')).toEqual([]);
    expect((await TitleIndex.build([])).search('solar', 5)).toEqual([]);
  });
});
