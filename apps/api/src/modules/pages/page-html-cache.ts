import type { Transform } from 'node:stream';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliDecompress,
  constants as zlib,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';
import type { Locale } from '@fundry/shared';
import type { ProjectChangeListener } from '../projects/project-changes';

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipped = promisify(gzip);

/** How a kept page can be sent: its bytes are compressed once, when kept, not once per visitor. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Everything a server-rendered page's HTML depends on besides the data the change feed announces. A render is
 * always anonymous (the server knows no one's session, decision 015), so no visitor's identity belongs here.
 */
export interface PageKey {
  /** The path and query the page is rendered for (tracking parameters already left out: `renderAddress`). */
  url: string;
  /** The language negotiated for the request (`?lang` > cookie > Accept-Language > default), not the raw headers. */
  locale: Locale;
  /** DESIGN.md §15's display currency, which the page's approximations are in. */
  currency?: string | null;
}

/**
 * Which announced changes make a page's HTML wrong: a project's pages follow that project; the catalogue's pages
 * (home, Explore, categories, discover, about) show many projects and follow all of them; the other pages show
 * no announced data at all and only age out.
 */
export type PageDependency = { project: number } | 'catalogue' | 'none';

/**
 * Parameters a shared link carries that no page reads: left out of the key and the render alike. `ref` names where
 * the visitor came from (DESIGN.md §19): counted after the answer, and read by the browser, never by the render.
 */
const TRACKING_PARAMETER = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|twclid|igshid|mc_cid|mc_eid|_ga|ref)$/i;

/**
 * The address a page is rendered and kept for: the visitor's, without the tracking parameters of a shared link,
 * so that a link posted with `?fbclid=…` is one page, not one per visitor.
 */
export function renderAddress(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of [...params.keys()]) if (TRACKING_PARAMETER.test(name)) params.delete(name);
  const rest = params.toString();
  return rest ? `${url.slice(0, query)}?${rest}` : url.slice(0, query);
}

/** Brotli at a quality that takes a few milliseconds for a page, paid once per kept page. */
const BROTLI_OPTIONS = {
  params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
};

/**
 * A page as it is rendered, compressed as it is written (or passed as it is, for `identity`). `flushHead` pushes
 * out all written so far: the head of the page, sent before its render, reaches the browser at once (the
 * stylesheet and scripts load meanwhile) instead of waiting in the compressor for the rest.
 */
export function pageEncoder(encoding: Encoding): { stream: Transform; flushHead: () => void } {
  if (encoding === 'br') {
    const stream = createBrotliCompress(BROTLI_OPTIONS);
    return { stream, flushHead: () => stream.flush(zlib.BROTLI_OPERATION_FLUSH) };
  }
  if (encoding === 'gzip') {
    const stream = createGzip({ level: 6 });
    return { stream, flushHead: () => stream.flush(zlib.Z_SYNC_FLUSH) };
  }
  return { stream: new PassThrough(), flushHead: () => undefined };
}

/** A whole rendered page as its render gives it to be kept: its UTF-8 bytes, or the Brotli its visitor was sent. */
export type PageBytes = { html: Buffer } | { brotli: Buffer };

/**
 * One rendered page: kept as Brotli (the smallest, what nearly every browser takes), its gzip made the first time a
 * visitor asks for it, and the plain bytes unpacked for the rare visitor who takes neither.
 */
export class KeptPage {
  private gzip: Promise<Buffer> | undefined;

  private constructor(
    readonly brotli: Buffer,
    /** Told when the gzip copy joins, so the cache counts its bytes. */
    private readonly grew: (bytes: number) => void,
  ) {}

  /** The page, compressed here, or as `pageEncoder('br')` already compressed it for its first visitor. */
  static async of(page: PageBytes, grew: (bytes: number) => void = () => undefined): Promise<KeptPage> {
    return new KeptPage('brotli' in page ? page.brotli : await brotli(page.html, BROTLI_OPTIONS), grew);
  }

  get bytes() {
    return this.brotli.length;
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'br') return Promise.resolve(this.brotli);
    if (encoding === 'identity') return unbrotli(this.brotli);
    this.gzip ??= unbrotli(this.brotli)
      .then((html) => gzipped(html, { level: 9 }))
      .then((bytes) => {
        this.grew(bytes.length);
        return bytes;
      });
    return this.gzip;
  }
}

/** The response's encoding for an Accept-Encoding header: Brotli first, as the app's compression prefers it. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

interface Entry {
  dependsOn: PageDependency;
  until: number;
  /** The page, or null when its render gave nothing to keep; pending while it renders. */
  page: Promise<KeptPage | null>;
  bytes: number;
}

export interface PageHtmlCacheOptions {
  /** Compressed bytes kept at most; past them the least recently read pages leave. */
  maxBytes?: number;
  /**
   * The catalogue's pages are forgotten at most this often: a change forgets them at once, and the changes that
   * follow within this time forget them once at its end, so a burst of pledges re-renders home once, not per pledge.
   */
  catalogueQuietMs?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_CATALOGUE_QUIET_MS = 500;

/**
 * The rendered HTML of the public pages (DESIGN.md §13), kept in this instance's memory (issue 36, decision 018):
 * the same for every visitor who asks in the same language, so rendered once and compressed once. It hears the same
 * change feed as the project page cache (decisions 016, 018) and is trusted only while that feed listens: until it
 * does, and whenever it is lost, every page renders. A render that began before a change belongs to the entry the
 * change removed and is never kept. Each page also ages out after `ttlMs`, for what no notification announces (a
 * category renamed, the days left of a campaign).
 */
export class PageHtmlCache implements ProjectChangeListener {
  /** In order of last reading: the first is the next to leave when the bytes run out. */
  private readonly entries = new Map<string, Entry>();
  private readonly byProject = new Map<number, Set<string>>();
  private readonly catalogue = new Set<string>();
  private trusted = false;
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly catalogueQuietMs: number;
  private catalogueForgottenAt = Number.NEGATIVE_INFINITY;
  private catalogueTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    options: PageHtmlCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.catalogueQuietMs = options.catalogueQuietMs ?? DEFAULT_CATALOGUE_QUIET_MS;
  }

  static keyOf({ url, locale, currency = null }: PageKey): string {
    return `${locale} ${currency ?? '-'} ${url}`;
  }

  /** Whether pages are kept at all right now (the feed listens and the cache is on). */
  get active() {
    return this.trusted;
  }

  /**
   * The page kept for `key`, or the render of it in progress (everyone asking meanwhile shares it); undefined when
   * this visitor's request should render it.
   */
  find(key: string): Promise<KeptPage | null> | undefined {
    if (!this.trusted) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // Read last, leaves last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  /**
   * Opens the entry of a render about to begin; `done` is given the whole page (its HTML, or its Brotli when it was
   * sent so), or null when the render had nothing to keep (it failed, or the page was sent for the browser to
   * render). Undefined when nothing is kept.
   */
  rendering(key: string, dependsOn: PageDependency): { done(page: PageBytes | null): void } | undefined {
    if (!this.trusted) return undefined;
    let settle: (page: KeptPage | null) => void = () => undefined;
    const entry: Entry = {
      dependsOn,
      until: this.now() + this.ttlMs,
      page: new Promise((resolve) => (settle = resolve)),
      bytes: 0,
    };
    this.remove(key);
    this.entries.set(key, entry);
    if (typeof dependsOn === 'object') {
      let keys = this.byProject.get(dependsOn.project);
      if (!keys) this.byProject.set(dependsOn.project, (keys = new Set()));
      keys.add(key);
    } else if (dependsOn === 'catalogue') this.catalogue.add(key);

    const kept = () => this.entries.get(key) === entry;
    const grew = (bytes: number) => {
      if (!kept()) return;
      entry.bytes += bytes;
      this.bytes += bytes;
      this.makeRoom();
    };
    return {
      done: (page) => {
        if (page === null) {
          if (kept()) this.remove(key);
          return settle(null);
        }
        KeptPage.of(page, grew).then(
          (page) => {
            // Those who waited for this render get it either way; it is kept only if no change came meanwhile.
            settle(page);
            grew(page.bytes);
          },
          () => {
            if (kept()) this.remove(key);
            settle(null);
          },
        );
      },
    };
  }

  forgetProject(id: number) {
    this.forgetPagesOf(id);
    this.forgetCatalogue();
  }

  /** An update, a comment or a question: only the project's own pages show them. */
  forgetCommunity(id: number) {
    this.forgetPagesOf(id);
  }

  forgetAll() {
    for (const key of [...this.entries.keys()]) this.remove(key);
  }

  trust(trusted: boolean) {
    this.trusted = trusted && this.ttlMs > 0 && this.maxBytes > 0;
    this.forgetAll();
  }

  /** Stops the timer of a pending forgetting (the app closes). */
  close() {
    clearTimeout(this.catalogueTimer);
    this.catalogueTimer = undefined;
  }

  private forgetPagesOf(id: number) {
    for (const key of [...(this.byProject.get(id) ?? [])]) this.remove(key);
  }

  private forgetCatalogue() {
    if (this.catalogueTimer) return;
    const wait = this.catalogueForgottenAt + this.catalogueQuietMs - this.now();
    if (wait <= 0) return this.dropCatalogue();
    this.catalogueTimer = setTimeout(() => {
      this.catalogueTimer = undefined;
      this.dropCatalogue();
    }, wait).unref();
  }

  private dropCatalogue() {
    this.catalogueForgottenAt = this.now();
    for (const key of [...this.catalogue]) this.remove(key);
  }

  private makeRoom() {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.remove(key);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (typeof entry.dependsOn === 'object') {
      const keys = this.byProject.get(entry.dependsOn.project);
      keys?.delete(key);
      if (keys?.size === 0) this.byProject.delete(entry.dependsOn.project);
    } else if (entry.dependsOn === 'catalogue') this.catalogue.delete(key);
  }
}
