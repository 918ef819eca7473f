import { randomInt } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** From the first byte sent to the last byte received. */
  ms: number;
  // Tests read JSON bodies as `any` on purpose, as with `inject`: the assertions are the type check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json<T = any>(): T;
  text(): string;
}

export interface RequestOptions {
  json?: unknown;
  /** An HTML form post (the sandbox pages' buttons). */
  form?: Record<string, string>;
  body?: Buffer | AsyncIterable<Buffer>;
  headers?: Record<string, string>;
}

/**
 * A source address of its own on the loopback network (127.0.0.0/8). The API counts rate limits per
 * address in a Redis that other test runs share, so each client here is a distinct visitor.
 */
export const randomLoopbackAddress = () =>
  `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * HTTP as a browser or API client sends it, to one instance, from one source address, with one bearer
 * token; a new connection per request, so that a request never rides on a socket an instance closed.
 */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    readonly sourceAddress = randomLoopbackAddress(),
    readonly token?: string,
  ) {}

  /** The same visitor, signed in with `token`. */
  withToken(token: string | undefined) {
    return new HttpClient(this.baseUrl, this.sourceAddress, token);
  }

  /** The same visitor, talking to another instance. */
  at(baseUrl: string) {
    return new HttpClient(baseUrl, this.sourceAddress, this.token);
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, options?: RequestOptions) => this.request('POST', path, options);
  put = (path: string, options?: RequestOptions) => this.request('PUT', path, options);
  delete = (path: string, options?: RequestOptions) => this.request('DELETE', path, options);

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body: Buffer | AsyncIterable<Buffer> | undefined = options.body;
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    } else if (options.form) {
      body = Buffer.from(new URLSearchParams(options.form).toString());
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    Object.assign(headers, options.headers);

    const started = performance.now();
    return new Promise<HttpResponse>((resolve, reject) => {
      // Which request failed, to whom: a bare "read ECONNRESET" says neither.
      const fail = (error: NodeJS.ErrnoException) =>
        reject(
          Object.assign(
            new Error(`${method} ${path} to ${this.baseUrl}: ${error.message}`, { cause: error }),
            {
              code: error.code,
            },
          ),
        );
      const request = http.request(
        new URL(path, this.baseUrl),
        { method, headers, agent: false, localAddress: this.sourceAddress },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', fail);
          response.on('end', () => {
            const bytes = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: bytes,
              ms: performance.now() - started,
              json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
              text: () => bytes.toString('utf8'),
            });
          });
        },
      );
      request.on('error', fail);
      if (body === undefined || Buffer.isBuffer(body)) {
        request.end(body);
        return;
      }
      void (async () => {
        try {
          for await (const chunk of body) {
            if (!request.write(chunk)) await new Promise((drained) => request.once('drain', drained));
          }
          request.end();
        } catch (error) {
          request.destroy(error as Error);
        }
      })();
    });
  }
}
