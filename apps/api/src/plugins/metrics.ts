import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import {
  collectProcessMetrics,
  httpRequestDuration,
  observeDatabasePools,
  observeReplicas,
  registry,
} from '../modules/metrics/metrics';

/**
 * Times every request by its route template (`/api/v1/projects/:id`), never its raw address: the label
 * values stay a fixed set whatever the traffic. Requests that match no route share one label.
 */
async function httpMetricsImpl(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });
}

export const httpMetrics = fp(httpMetricsImpl, { name: 'fundry-http-metrics' });

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` for Prometheus on its own port, apart from the public one, so that the numbers
 * (routes, volumes, failures) are not published to the world and a scrape never waits behind user traffic.
 */
export async function startMetricsServer(
  { port, host }: { port: number; host: string },
  database: Pick<Database, 'pool' | 'searchPool' | 'replicas'>,
): Promise<MetricsServer> {
  collectProcessMetrics();
  observeDatabasePools({ main: database.pool, search: database.searchPool });
  if (database.replicas) observeReplicas(database.replicas);
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
