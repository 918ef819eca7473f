/**
 * A render worker (decision 027): one thread of the render pool (render-pool.ts). It imports the web app's render
 * bundle once and renders the pages the main thread sends it. Every read a page makes goes back to the main thread,
 * which answers it from the API in process (`app.inject`, as the visitor), so only the React render runs here.
 * Built as its own entry point (apps/api/dist/render-worker.js); nothing but Node's own modules is imported.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

/** What the worker is started with. */
export interface RenderWorkerData {
  /** The render bundle, apps/web/dist-ssr/entry-server.js. */
  renderEntry: string;
}

/** An error as it crosses threads: enough to log it on the main thread. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
}

/**
 * A server-rendered page: its HTML, as UTF-8 in a buffer of its own (moved between threads, not copied), and the
 * script that hands its data to the browser.
 */
export interface RenderedPage {
  html: Uint8Array;
  stateScript: string;
}

/** A read of the page, as the main thread answered it: the API's answer, or why there was none. */
export type ReadAnswer =
  { read: number; status: number; body: ArrayBuffer | null } | { read: number; error: SentError };

/** A read of the page as it crosses to the main thread. */
export interface PageRead {
  read: number;
  url: string;
  headers: Array<[string, string]>;
}

/**
 * Messages from the main thread. `id` is the render's. The reads a page makes at once (its preloads) cross as one
 * message and are answered in one: each message wakes the other thread, which costs more than the data it carries.
 */
export type ToWorker =
  | { type: 'render'; id: number; url: string; origin: string; locale: string; currency: string }
  | { type: 'answers'; id: number; answers: ReadAnswer[] };

/** Messages to the main thread. */
export type FromWorker =
  | { type: 'reads'; id: number; reads: PageRead[] }
  | { type: 'error'; id: number; error: SentError }
  | { type: 'rendered'; id: number; page: RenderedPage | null }
  | { type: 'failed'; id: number; error: SentError };

/** The bundle's answer to a read (apps/web/src/lib/api-client.ts, `ServerAnswer`). */
interface Answer {
  status: number;
  body: ArrayBuffer | null;
}

type RenderPage = (
  url: string,
  transport: { origin: string; read: (url: string, headers: Array<[string, string]>) => Promise<Answer> },
  onError: (error: unknown) => void,
  locale: string,
  currency: string,
) => Promise<RenderedPage | null>;

function sentError(error: unknown): SentError {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

/**
 * The nice value of a render thread (decision 027): on a busy host the API, the cached pages and PostgreSQL get the
 * processor before a render, which has a browser to fall back on. Linux keeps nice per thread, and
 * `setPriority(0, …)` from a thread sets its own; elsewhere it would slow the whole process, so it is Linux only.
 */
const RENDER_NICE = 10;

if (parentPort) {
  if (process.platform === 'linux') setPriority(0, RENDER_NICE);
  const port = parentPort;
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const { renderEntry } = workerData as RenderWorkerData;
  // Imported once; a bundle that cannot load fails every render, each of which is then the shell.
  const bundle = import(pathToFileURL(renderEntry).href) as Promise<{ renderPage: RenderPage }>;
  bundle.catch(() => undefined);

  const reads = new Map<string, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  let lastRead = 0;
  /** The reads of each render not yet sent: sent together once the reads made at the same time are all in. */
  const unsent = new Map<number, PageRead[]>();
  const sendReads = () => {
    for (const [id, pageReads] of unsent) send({ type: 'reads', id, reads: pageReads });
    unsent.clear();
  };

  /** The page's reads: asks the main thread, which reads the API as the visitor, and answers as it answered. */
  const readFor =
    (id: number) =>
    (url: string, headers: Array<[string, string]>): Promise<Answer> => {
      const read = ++lastRead;
      return new Promise<Answer>((resolve, reject) => {
        reads.set(`${id}:${read}`, { resolve, reject });
        if (unsent.size === 0) setImmediate(sendReads);
        const pageReads = unsent.get(id);
        if (pageReads) pageReads.push({ read, url, headers });
        else unsent.set(id, [{ read, url, headers }]);
      });
    };

  const render = async (message: Extract<ToWorker, { type: 'render' }>) => {
    const { id } = message;
    try {
      const { renderPage } = await bundle;
      const page = await renderPage(
        message.url,
        { origin: message.origin, read: readFor(id) },
        (error) => send({ type: 'error', id, error: sentError(error) }),
        message.locale,
        message.currency,
      );
      if (!page) send({ type: 'rendered', id, page: null });
      else {
        const { html, stateScript } = page;
        send({ type: 'rendered', id, page: { html, stateScript } }, [html.buffer as ArrayBuffer]);
      }
    } catch (error) {
      send({ type: 'failed', id, error: sentError(error) });
    }
  };

  port.on('message', (message: ToWorker) => {
    if (message.type === 'render') {
      void render(message);
      return;
    }
    for (const answer of message.answers) {
      const key = `${message.id}:${answer.read}`;
      const waiting = reads.get(key);
      if (!waiting) continue;
      reads.delete(key);
      if ('error' in answer) waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
      else waiting.resolve({ status: answer.status, body: answer.body });
    }
  });
}
