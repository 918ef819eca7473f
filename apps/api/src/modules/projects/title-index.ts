/**
 * Typeahead over every public title, in memory (issue 17). Answering from PostgreSQL (a trigram nearest-neighbour
 * walk, 5–20 ms of database time) could not keep up with one request per keystroke: the index is built once from
 * all public titles and each answer is a few posting lists walked in memory.
 *
 * A title matches when every word typed starts one of its words, or does with one typo (a letter missing, extra,
 * wrong or two swapped) once the word has three letters. Fewer typos come first, then the most backed.
 */
export interface TitleEntry {
  id: number;
  title: string;
  category_name: string | null;
  backers_count: number;
}

interface Candidate {
  index: number;
  typos: number;
}

/** Titles indexed between two yields to the event loop. */
const BUILD_SLICE = 5_000;

/** Typos allowed per word: one, and only in words long enough that one letter does not change everything. */
const TYPO_MIN_LENGTH = 3;

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether `a` becomes `b` by at most one edit: a letter inserted, deleted, replaced, or two adjacent swapped. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (i === a.length) return true;
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length < b.length ? a.slice(i) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}

/** 0 when `typed` starts `word`, 1 when it does with one typo, undefined otherwise. */
function typosTo(typed: string, word: string): number | undefined {
  if (word.startsWith(typed)) return 0;
  if (typed.length < TYPO_MIN_LENGTH) return undefined;
  for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
    if (length > 0 && length <= word.length && withinOneEdit(typed, word.slice(0, length))) return 1;
  }
  return undefined;
}

export class TitleIndex {
  /** The words of all titles; a word's position is its id. */
  private readonly vocabulary: string[] = [];
  /** Each word's titles, positions in `entries` ascending: the most backed first. */
  private readonly postings: number[][] = [];
  /** Each title's word ids, by position in `entries`. */
  private readonly titleWords: Int32Array[] = [];
  /** The id of each word, while building. */
  private readonly ids = new Map<string, number>();

  /** `entries` most backed first: a position is then also a rank. Use `build`, which keeps the server responsive. */
  private constructor(private readonly entries: readonly TitleEntry[]) {}

  /**
   * The index of `entries` (most backed first). 100,000 titles take a few hundred milliseconds of CPU: the work
   * yields to other requests every few thousand titles rather than holding the event loop for all of it.
   */
  static async build(entries: readonly TitleEntry[]): Promise<TitleIndex> {
    const index = new TitleIndex(entries);
    for (let start = 0; start < entries.length; start += BUILD_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const end = Math.min(entries.length, start + BUILD_SLICE);
      for (let position = start; position < end; position++) index.add(position);
    }
    return index;
  }

  private add(position: number) {
    const wordIds = new Set<number>();
    for (const word of words(this.entries[position]!.title)) {
      let id = this.ids.get(word);
      if (id === undefined) {
        id = this.vocabulary.push(word) - 1;
        this.ids.set(word, id);
        this.postings.push([]);
      }
      if (!wordIds.has(id)) this.postings[id]!.push(position);
      wordIds.add(id);
    }
    this.titleWords.push(Int32Array.from(wordIds));
  }

  search(text: string, limit: number): TitleEntry[] {
    const typed = [...new Set(words(text))];
    if (typed.length === 0) return [];
    // The indexed words each typed word may be, with its typos; the rarest typed word drives the walk.
    const matches = typed.map((word) => {
      // By word id: the typos to it, or -1 where the typed word cannot be it.
      const typosByWord = new Int8Array(this.vocabulary.length).fill(-1);
      const candidates: number[] = [];
      let total = 0;
      this.vocabulary.forEach((indexed, id) => {
        const typos = typosTo(word, indexed);
        if (typos === undefined) return;
        typosByWord[id] = typos;
        candidates.push(id);
        total += this.postings[id]!.length;
      });
      return { typosByWord, candidates, total };
    });
    if (matches.some((match) => match.total === 0)) return [];
    matches.sort((a, b) => a.total - b.total);
    const [driver, ...others] = matches;
    const lists = driver!.candidates.map((id) => ({
      list: this.postings[id]!,
      typos: driver!.typosByWord[id]!,
    }));

    const best: Candidate[] = [];
    const heads = lists.map(() => 0);
    let last = -1;
    for (;;) {
      // The next title of the driver's lists, in rank order (a merge of a few sorted lists).
      let next = -1;
      let typos = 0;
      lists.forEach(({ list, typos: listTypos }, i) => {
        while (heads[i]! < list.length && list[heads[i]!]! <= last) heads[i]!++;
        const index = list[heads[i]!];
        if (index === undefined) return;
        if (next === -1 || index < next || (index === next && listTypos < typos)) {
          next = index;
          typos = listTypos;
        }
      });
      if (next === -1) break;
      last = next;
      const total = this.typosOfOthers(others, next, typos);
      if (total === undefined) continue;
      if (best.length === limit && total >= best[limit - 1]!.typos) continue;
      best.push({ index: next, typos: total });
      best.sort((a, b) => a.typos - b.typos || a.index - b.index);
      if (best.length > limit) best.pop();
      // Titles still to come rank lower: nothing can beat a full list of exact matches.
      if (best.length === limit && best[limit - 1]!.typos === 0) break;
    }
    return best.map((candidate) => this.entries[candidate.index]!);
  }

  /** The typos of the title at `index` for every other typed word, or undefined if one of them is not there. */
  private typosOfOthers(others: { typosByWord: Int8Array }[], index: number, typos: number) {
    let total = typos;
    for (const { typosByWord } of others) {
      let fewest = -1;
      for (const id of this.titleWords[index]!) {
        const found = typosByWord[id]!;
        if (found >= 0 && (fewest < 0 || found < fewest)) fewest = found;
      }
      if (fewest < 0) return undefined;
      total += fewest;
    }
    return total;
  }
}
