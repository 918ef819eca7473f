import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type {
  FromWorker,
  ReadAnswer,
  RenderedPage,
  RenderWorkerData,
  SentError,
  ToWorker,
} from './render-worker';

/**
 * A read of the API as the render bundle takes it (its `ServerAnswer`): the status and the body's bytes, which is
 * all the page's client reads of an answer. No `Response` is built on either thread.
 */
export interface ApiAnswer {
  status: number;
  /** Its own buffer, so that it can be transferred to the worker. */
  body: ArrayBuffer | null;
}

/** What a render is given on the main thread: the page's origin and the visitor's API reads. */
export interface RenderTransport {
  origin: string;
  read: (url: string, headers: Array<[string, string]>) => Promise<ApiAnswer>;
}

interface Render {
  transport: RenderTransport;
  onError: (error: unknown) => void;
  resolve: (page: RenderedPage | null) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  renders: Map<number, Render>;
  /** Why it stopped, when it threw outside any render. */
  crash?: Error;
}

/**
 * How a worker is started: the built one beside the server's bundle (apps/api/dist/render-worker.js); from the
 * TypeScript sources (tests, `tsx watch`), the source file through tsx, which a worker does not inherit.
 */
function startWorker(workerData: RenderWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./render-worker.js', import.meta.url), { workerData });
  }
  const source = new URL('./render-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, workerData },
  );
}

const errorFrom = (sent: SentError): Error => Object.assign(new Error(sent.message), sent);

/**
 * The server renders of public pages, each in one of a few worker threads (decision 027), so the main event loop
 * keeps answering the API while React renders. `render` has the render bundle's own signature: a page's reads are
 * sent back here and answered by its transport (the API in process, as the visitor), its errors logged by its
 * `onError`. A render goes to the thread with the fewest at the moment; a thread that dies fails its renders
 * (their pages are sent as the shell) and is replaced at the next render.
 */
export class RenderPool {
  private readonly threads = new Set<Thread>();
  private lastId = 0;
  private closed = false;

  constructor(
    private readonly renderEntry: string,
    private readonly size: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.fill();
  }

  render = (
    url: string,
    transport: RenderTransport,
    onError: (error: unknown) => void,
    locale: string,
    currency: string,
  ): Promise<RenderedPage | null> => {
    if (this.closed) return Promise.reject(new Error('The render pool is closed'));
    this.fill();
    const thread = [...this.threads].reduce((least, next) =>
      next.renders.size < least.renders.size ? next : least,
    );
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      thread.renders.set(id, { transport, onError, resolve, reject });
      this.send(thread, { type: 'render', id, url, origin: transport.origin, locale, currency });
    });
  };

  /** Stops every thread; what they were rendering is sent as the shell. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.threads].map((thread) => thread.worker.terminate()));
  }

  private fill() {
    while (!this.closed && this.threads.size < this.size) this.start();
  }

  private start() {
    const worker = startWorker({ renderEntry: this.renderEntry });
    // An idle pool does not keep the process up; a render in progress is held by its request.
    worker.unref();
    const thread: Thread = { worker, renders: new Map() };
    this.threads.add(thread);
    worker.on('message', (message: FromWorker) => this.received(thread, message));
    worker.on('error', (error) => {
      thread.crash = error;
    });
    worker.on('exit', (code) => {
      this.threads.delete(thread);
      if (this.closed && thread.renders.size === 0) return;
      const error = thread.crash ?? new Error(`A render worker stopped with exit code ${code}`);
      this.log.error({ err: error, renders: thread.renders.size }, 'a render worker stopped');
      for (const render of thread.renders.values()) render.reject(error);
      thread.renders.clear();
    });
  }

  private send(thread: Thread, message: ToWorker, transfer: ArrayBuffer[] = []) {
    thread.worker.postMessage(message, transfer);
  }

  private received(thread: Thread, message: FromWorker) {
    const render = thread.renders.get(message.id);
    if (!render) return;
    switch (message.type) {
      case 'reads':
        void this.answer(thread, render, message);
        return;
      case 'error':
        render.onError(errorFrom(message.error));
        return;
      case 'rendered':
        thread.renders.delete(message.id);
        render.resolve(message.page);
        return;
      case 'failed':
        thread.renders.delete(message.id);
        render.reject(errorFrom(message.error));
    }
  }

  /** A page's reads, answered on this thread by its transport, each with the status and body it answered. */
  private async answer(
    thread: Thread,
    render: Render,
    { id, reads }: Extract<FromWorker, { type: 'reads' }>,
  ) {
    const answers = await Promise.all(
      reads.map(async ({ read, url, headers }): Promise<ReadAnswer> => {
        try {
          return { read, ...(await render.transport.read(url, headers)) };
        } catch (error) {
          const sent: SentError =
            error instanceof Error
              ? { name: error.name, message: error.message, stack: error.stack }
              : { name: 'Error', message: String(error) };
          return { read, error: sent };
        }
      }),
    );
    if (!thread.renders.has(id)) return;
    const bodies = answers.flatMap((answer) => ('body' in answer && answer.body ? [answer.body] : []));
    this.send(thread, { type: 'answers', id, answers }, bodies);
  }
}
