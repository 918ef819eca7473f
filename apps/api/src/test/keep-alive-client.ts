import http from 'node:http';

export interface KeptAliveAnswer {
  status: number;
  body: string;
}

/**
 * One connection, kept alive between requests, as a browser's would be: a request left half-read by the
 * server shows up as the next request on it hanging. Every request must answer within `timeoutMs`.
 */
export function keepAliveClient(baseUrl: string, timeoutMs = 1_000) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer,
  ): Promise<KeptAliveAnswer> =>
    new Promise((resolve, reject) => {
      const request = http.request(
        `${baseUrl}${path}`,
        { method, agent, headers: { ...headers, 'content-length': String(body.length) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            clearTimeout(timer);
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`${method} ${path} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}
