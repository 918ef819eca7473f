/**
 * Typeahead over every public title, in memory (issue 17). Answering from PostgreSQL (a trigram nearest-neighbour
 * walk, 5–20 ms of database time) could not keep up with one request per keystroke: the index is built once from
 * all public titles and each answer is a walk over the titles in rank order that stops once nothing further down
 * can make the list.
 *
 * A title matches when every word typed starts one of its words, or does with one typo (a letter missing, extra,
 * wrong or two swapped) once the word has three letters. Fewer typos come first, then the most backed.
 *
 * Two things keep an answer cheap however short or common the words typed. The vocabulary is sorted, so the words
 * a typed word starts are one run of ids found by binary search, and those it starts with a typo a few more runs:
 * no answer reads the whole vocabulary. And the walk goes a few thousand titles at a time, as bits: a typed word's
 * titles in that stretch are ANDed with the others', and only the titles left are read one by one.
 */
export interface TitleEntry {
  id: number;
  title: string;
  category_name: string | null;
  backers_count: number;
}

/** The indexed words one typed word may be. */
interface WordMatch {
  /** The words it starts: ids `first` to `end` excluded, since ids follow the sorted vocabulary. */
  first: number;
  end: number;
  /** The words it starts only with a typo, ascending. */
  typoIds: readonly number[];
}

interface Candidate {
  position: number;
  typos: number;
}

/** Titles indexed between two yields to the event loop. */
const BUILD_SLICE = 5_000;

/** Lets other requests run between two steps of building an index. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Typos allowed per word: one, and only in words long enough that one letter does not change everything. */
const TYPO_MIN_LENGTH = 3;

/**
 * Titles whose bits are combined before they are read one by one: few enough that the first stretch usually
 * answers a common prefix, many enough that a rare combination of words is a few dozen stretches.
 */
const STRETCH_TITLES = 4096;
const STRETCH_BITS_LENGTH = STRETCH_TITLES / 32;

/**
 * A typed word whose words (with typos) are more than this does not narrow the walk: setting the bits of that many
 * posting lists at every stretch would cost more than checking each title left by the other words.
 */
const MAX_NARROWING_WORDS = 16;

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

/** Whether ascending `ids` holds `id`. */
function includes(ids: readonly number[], id: number): boolean {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low < ids.length && ids[low] === id;
}

/** A key for each word id, in code-unit order: the keys that start with a given prefix are then one run. */
class SortedKeys {
  constructor(
    private readonly keys: readonly string[],
    private readonly ids: Int32Array,
  ) {}

  /** The words of `vocabulary` (ids its positions) under the keys `keyOf` gives them. */
  static of(vocabulary: readonly string[], keyOf: (word: string) => string): SortedKeys {
    const order = vocabulary.map((word, id) => ({ key: keyOf(word), id }));
    order.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
    return new SortedKeys(
      order.map(({ key }) => key),
      Int32Array.from(order, ({ id }) => id),
    );
  }

  /** The positions, `start` to `end` excluded, of the keys that start with `prefix`. */
  run(prefix: string): [start: number, end: number] {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const start = low;
    // From `start` on come the keys that start with `prefix`, then the ones above all of them.
    high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]!.startsWith(prefix)) low = middle + 1;
      else high = middle;
    }
    return [start, low];
  }

  /** Adds to `ids` those of the keys that start with `prefix`. */
  addRun(ids: number[], prefix: string) {
    const [start, end] = this.run(prefix);
    for (let i = start; i < end; i++) ids.push(this.ids[i]!);
  }
}

/**
 * The titles of one typed word, a stretch of titles at a time, as bits: from a word's bitset where it is in many
 * titles, from its posting list otherwise.
 */
class StretchFilter {
  /** How far each posting list has been read: the stretches come in order. */
  private readonly heads: number[];

  constructor(
    private readonly bitsets: readonly Int32Array[],
    private readonly lists: readonly Int32Array[],
  ) {
    this.heads = lists.map(() => 0);
  }

  /**
   * Clears from `bits` (the `length` first of them used) the titles from `start` on that the word is not in.
   * `union` is room for putting the titles of several words together.
   */
  narrow(bits: Int32Array, union: Int32Array, start: number, length: number) {
    const offset = start >>> 5;
    const only = this.bitsets[0];
    if (only !== undefined && this.bitsets.length === 1 && this.lists.length === 0) {
      for (let i = 0; i < length; i++) bits[i]! &= only[offset + i]!;
      return;
    }
    union.fill(0, 0, length);
    for (const bitset of this.bitsets) {
      for (let i = 0; i < length; i++) union[i]! |= bitset[offset + i]!;
    }
    const end = start + STRETCH_TITLES;
    this.lists.forEach((list, number) => {
      let head = this.heads[number]!;
      // A filter made during the walk starts where the walk is.
      while (head < list.length && list[head]! < start) head++;
      for (; head < list.length && list[head]! < end; head++) {
        const bit = list[head]! - start;
        union[bit >>> 5]! |= 1 << (bit & 31);
      }
      this.heads[number] = head;
    });
    for (let i = 0; i < length; i++) bits[i]! &= union[i]!;
  }
}

/**
 * The titles, most backed first, as columns: one string holding every title and typed arrays beside it. An object
 * per title held about 150 MB for the 870,000 public titles of ten times the bench's data (issue 54); an answer
 * makes objects for the few titles it returns.
 */
class TitleColumns {
  private constructor(
    private readonly ids: Int32Array,
    private readonly backers: Int32Array,
    private readonly categoryNumbers: Uint16Array,
    private readonly categories: readonly (string | null)[],
    private readonly text: string,
    private readonly titleStarts: Int32Array,
  ) {}

  static of(entries: readonly TitleEntry[]): TitleColumns {
    const numbers = new Map<string | null, number>();
    const categoryNumbers = new Uint16Array(entries.length);
    const titleStarts = new Int32Array(entries.length + 1);
    entries.forEach((entry, position) => {
      let number = numbers.get(entry.category_name);
      if (number === undefined) {
        number = numbers.size;
        numbers.set(entry.category_name, number);
      }
      categoryNumbers[position] = number;
      titleStarts[position + 1] = titleStarts[position]! + entry.title.length;
    });
    return new TitleColumns(
      Int32Array.from(entries, (entry) => entry.id),
      Int32Array.from(entries, (entry) => entry.backers_count),
      categoryNumbers,
      [...numbers.keys()],
      entries.map((entry) => entry.title).join(''),
      titleStarts,
    );
  }

  get length() {
    return this.ids.length;
  }

  title(position: number): string {
    return this.text.slice(this.titleStarts[position], this.titleStarts[position + 1]);
  }

  at(position: number): TitleEntry {
    return {
      id: this.ids[position]!,
      title: this.title(position),
      category_name: this.categories[this.categoryNumbers[position]!]!,
      backers_count: this.backers[position]!,
    };
  }
}

export class TitleIndex {
  private readonly byWord: SortedKeys;
  /** By word id, a bitset of its titles when it is in at least one in 32: then no bigger than its posting list. */
  private readonly bitsets: (Int32Array | undefined)[];
  /** Room for the bits of a stretch, reused by every search as one search never waits for another. */
  private readonly stretchBits = new Int32Array(STRETCH_BITS_LENGTH);
  private readonly stretchUnion = new Int32Array(STRETCH_BITS_LENGTH);

  /**
   * `titles` most backed first: a position is then also a rank. `vocabulary` is sorted and a word's position in
   * it is its id; `postings` are each word's titles, positions ascending; the title at position p has the word ids
   * `titleWordIds` from `titleWordStarts[p]` to `titleWordStarts[p + 1]`. The vocabulary is also kept without each
   * word's first letter, and without its second, to find the words a typed word starts with a typo. Use `build`,
   * which keeps the server responsive.
   */
  private constructor(
    private readonly titles: TitleColumns,
    private readonly vocabulary: readonly string[],
    private readonly postings: readonly Int32Array[],
    private readonly titleWordIds: Int32Array,
    private readonly titleWordStarts: Int32Array,
    private readonly withoutFirstLetter: SortedKeys,
    private readonly withoutSecondLetter: SortedKeys,
  ) {
    this.byWord = new SortedKeys(vocabulary, Int32Array.from(vocabulary.keys()));
    const bitsetLength = Math.ceil(titles.length / 32);
    this.bitsets = postings.map((list) => {
      if (list.length < bitsetLength) return undefined;
      const bitset = new Int32Array(bitsetLength);
      for (const position of list) bitset[position >>> 5]! |= 1 << (position & 31);
      return bitset;
    });
  }

  /**
   * The index of `entries` (most backed first). 100,000 titles take a few hundred milliseconds of CPU: the work
   * yields to other requests every few thousand titles, and between the sorts of the vocabulary, rather than
   * holding the event loop for all of it.
   */
  static async build(entries: readonly TitleEntry[]): Promise<TitleIndex> {
    // Ids in order of appearance while reading; renumbered in word order at the end.
    const ids = new Map<string, number>();
    const found: string[] = [];
    const postings: number[][] = [];
    const titleWordIds: number[] = [];
    const titleWordStarts = new Int32Array(entries.length + 1);
    for (let start = 0; start < entries.length; start += BUILD_SLICE) {
      if (start > 0) await nextTurn();
      const end = Math.min(entries.length, start + BUILD_SLICE);
      for (let position = start; position < end; position++) {
        const wordIds = new Set<number>();
        for (const word of words(entries[position]!.title)) {
          let id = ids.get(word);
          if (id === undefined) {
            id = found.push(word) - 1;
            ids.set(word, id);
            postings.push([]);
          }
          if (!wordIds.has(id)) postings[id]!.push(position);
          wordIds.add(id);
        }
        titleWordIds.push(...wordIds);
        titleWordStarts[position + 1] = titleWordIds.length;
      }
    }
    await nextTurn();
    const order = found.map((_, id) => id).sort((a, b) => (found[a]! < found[b]! ? -1 : 1));
    const sortedId = new Int32Array(found.length);
    order.forEach((id, sorted) => (sortedId[id] = sorted));
    const vocabulary = order.map((id) => found[id]!);
    await nextTurn();
    const withoutFirstLetter = SortedKeys.of(vocabulary, (word) => word.slice(1));
    await nextTurn();
    const withoutSecondLetter = SortedKeys.of(vocabulary, (word) => word.slice(0, 1) + word.slice(2));
    return new TitleIndex(
      TitleColumns.of(entries),
      vocabulary,
      order.map((id) => Int32Array.from(postings[id]!)),
      Int32Array.from(titleWordIds, (id) => sortedId[id]!),
      titleWordStarts,
      withoutFirstLetter,
      withoutSecondLetter,
    );
  }

  search(text: string, limit: number): TitleEntry[] {
    const matches = [...new Set(words(text))].map((word) => this.match(word));
    if (
      matches.length === 0 ||
      matches.some(({ first, end, typoIds }) => first === end && typoIds.length === 0)
    ) {
      return [];
    }
    // No title has fewer typos than the typed words that start no word: once the list holds that many, it is final.
    const fewestTypos = matches.filter(({ first, end }) => first === end).length;
    let exactWhereItCan = false;
    let filters = this.filters(matches, exactWhereItCan);
    const best: Candidate[] = [];
    const bits = this.stretchBits;
    for (let start = 0; start < this.titles.length; start += STRETCH_TITLES) {
      const length = Math.min(STRETCH_BITS_LENGTH, Math.ceil((this.titles.length - start) / 32));
      bits.fill(-1, 0, length);
      for (const filter of filters) {
        filter.narrow(bits, this.stretchUnion, start, length);
      }
      for (let i = 0; i < length; i++) {
        for (let left = bits[i]!; left !== 0; left &= left - 1) {
          const position = start + i * 32 + 31 - Math.clz32(left & -left);
          // Titles further down rank lower: with the list full they must have fewer typos than its last.
          const typos = this.typosOf(
            matches,
            position,
            best.length === limit ? best[limit - 1]!.typos : Infinity,
          );
          if (typos === undefined) continue;
          let at = best.length;
          while (at > 0 && best[at - 1]!.typos > typos) at--;
          best.splice(at, 0, { position, typos });
          if (best.length > limit) best.pop();
          if (best.length === limit && best[limit - 1]!.typos <= fewestTypos) return this.titlesAt(best);
        }
      }
      // Once the list is full with one typo more than the fewest, a title further down makes it only if each typed
      // word that starts some word exactly starts one of its words exactly: the words it starts with a typo (common
      // ones, for a three-letter word) need not be walked any more.
      if (!exactWhereItCan && best.length === limit && best[limit - 1]!.typos === fewestTypos + 1) {
        exactWhereItCan = true;
        filters = this.filters(matches, exactWhereItCan);
      }
    }
    return this.titlesAt(best);
  }

  private titlesAt(candidates: Candidate[]): TitleEntry[] {
    return candidates.map(({ position }) => this.titles.at(position));
  }

  private match(typed: string): WordMatch {
    const [first, end] = this.byWord.run(typed);
    return { first, end, typoIds: this.typoCandidates(typed, first, end) };
  }

  /**
   * The ids of the words `typed` starts with one typo, but not without (those are ids `first` to `end`). By where
   * the typo is: in the first letter, in the second, or later; the first two are a few runs of keys each, and the
   * words of the last start with the same two letters as `typed`.
   */
  private typoCandidates(typed: string, first: number, end: number): number[] {
    const found: number[] = [];
    if (typed.length < TYPO_MIN_LENGTH) return found;
    const a = typed[0]!;
    const b = typed[1]!;
    const rest = typed.slice(2);
    // The first letter wrong, one more before it, missing, or swapped with the second.
    this.withoutFirstLetter.addRun(found, typed.slice(1));
    this.withoutFirstLetter.addRun(found, typed);
    this.byWord.addRun(found, typed.slice(1));
    this.byWord.addRun(found, b + a + rest);
    // The same for the second letter.
    this.withoutSecondLetter.addRun(found, a + rest);
    this.withoutSecondLetter.addRun(found, typed);
    this.byWord.addRun(found, a + rest);
    this.byWord.addRun(found, a + typed[2]! + b + typed.slice(3));
    // Later: the word starts with the same two letters, and is checked.
    const [start, stop] = this.byWord.run(a + b);
    for (let id = start; id < stop; id++) {
      if (typosTo(typed, this.vocabulary[id]!) === 1) found.push(id);
    }
    // The runs overlap, and hold the words typed starts without a typo too.
    found.sort((x, y) => x - y);
    return found.filter((id, i) => (id < first || id >= end) && id !== found[i - 1]);
  }

  /**
   * What narrows the walk: the titles of each typed word with few enough words, or if none has, of the one with
   * the fewest. Each title left is then checked against every typed word, for its typos. `exactWhereItCan` leaves
   * out the words a typed word starts only with a typo, where it starts some without.
   */
  private filters(matches: WordMatch[], exactWhereItCan: boolean): StretchFilter[] {
    const typoIdsOf = ({ first, end, typoIds }: WordMatch) => (exactWhereItCan && first < end ? [] : typoIds);
    const wordCount = (match: WordMatch) => match.end - match.first + typoIdsOf(match).length;
    const narrowing = matches.filter((match) => wordCount(match) <= MAX_NARROWING_WORDS);
    const chosen =
      narrowing.length > 0
        ? narrowing
        : [matches.reduce((fewest, match) => (wordCount(match) < wordCount(fewest) ? match : fewest))];
    return chosen.map((match) => {
      const bitsets: Int32Array[] = [];
      const lists: Int32Array[] = [];
      const add = (id: number) => {
        const bitset = this.bitsets[id];
        if (bitset) bitsets.push(bitset);
        else lists.push(this.postings[id]!);
      };
      for (let id = match.first; id < match.end; id++) add(id);
      typoIdsOf(match).forEach(add);
      return new StretchFilter(bitsets, lists);
    });
  }

  /** The typos of the title at `position`, if every typed word is in it with fewer than `below` in all. */
  private typosOf(matches: WordMatch[], position: number, below: number): number | undefined {
    let total = 0;
    for (const match of matches) {
      const typos = this.typosIn(match, position);
      if (typos < 0) return undefined;
      total += typos;
      if (total >= below) return undefined;
    }
    return total;
  }

  /** The fewest typos with which a typed word starts a word of the title at `position`, or -1 if it starts none. */
  private typosIn(match: WordMatch, position: number): number {
    let fewest = -1;
    for (let i = this.titleWordStarts[position]!; i < this.titleWordStarts[position + 1]!; i++) {
      const id = this.titleWordIds[i]!;
      if (id >= match.first && id < match.end) return 0;
      if (fewest < 0 && includes(match.typoIds, id)) fewest = 1;
    }
    return fewest;
  }
}
