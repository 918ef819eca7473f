import type { ApiAnswer } from './render-pool';

/**
 * How long an answer may be reused for anyone, as a shared HTTP cache reads its `Cache-Control`: a `public` answer
 * for its `s-maxage`, else its `max-age`; nothing for any other (`private`, `no-store`, `no-cache`, or no age).
 */
export function sharedLifetimeMs(cacheControl: string | undefined): number {
  const directives = new Map(
    (cacheControl ?? '').split(',').map((directive) => {
      const [name = '', value = ''] = directive.trim().toLowerCase().split('=');
      return [name, value] as const;
    }),
  );
  if (!directives.has('public') || ['private', 'no-store', 'no-cache'].some((name) => directives.has(name))) {
    return 0;
  }
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** Distinct reads kept at most; the reads a page makes that are the same for everyone are a handful per language. */
const KEPT_READS = 256;

/**
 * The API answers the server's renders reuse (decision 018): a read answered 200 and marked for shared caches is
 * answered from here until its age runs out, as a cache between the browser and the API would answer it. The site's
 * configuration and the day's rates are such reads, asked by every page, and each asked of the API in process costs
 * as much as a read of the page's own data. Keyed by the address and every header the read sends (the server's
 * renders are signed out: no token among them). An answer's body is moved to the render's thread once given, so
 * each read is given a copy of its own.
 */
export class SharedAnswers {
  private readonly kept = new Map<string, { status: number; body: ArrayBuffer | null; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  static keyOf(address: string, headers: Array<[string, string]>): string {
    return JSON.stringify([address, headers]);
  }

  find(key: string): ApiAnswer | null {
    const answer = this.kept.get(key);
    if (!answer) return null;
    if (answer.until <= this.now()) {
      this.kept.delete(key);
      return null;
    }
    return { status: answer.status, body: answer.body && answer.body.slice(0) };
  }

  /** Keeps `answer` when it may be shared; given before it is moved elsewhere. */
  offer(key: string, answer: ApiAnswer, cacheControl: string | undefined): void {
    const lifetimeMs = answer.status === 200 ? sharedLifetimeMs(cacheControl) : 0;
    if (lifetimeMs === 0) return;
    this.kept.delete(key);
    if (this.kept.size >= KEPT_READS) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, {
      status: answer.status,
      body: answer.body && answer.body.slice(0),
      until: this.now() + lifetimeMs,
    });
  }
}
