import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An answer sent while the request's body is still arriving (an upload refused for its size, its type or a
 * missing sign-in; a JSON body over the route's limit) must not leave the rest of that body on a kept-alive
 * connection. Node drains a body nobody read, but not one a multipart parser started and then dropped: the
 * connection stalled until it timed out, and the browser's next request on it with it. Nor may it close the
 * connection under a client that is still writing (as Fastify does after a JSON body too large to parse): a
 * client that does not wait for `100 Continue` (browsers, Node's fetch) gets a broken pipe, not the answer.
 *
 * Such a body is read and thrown away up to `drainLimitBytes` (what the app would have accepted anyway), so
 * the connection serves the next request. A body declared larger is answered with `Connection: close`, and a
 * body that keeps coming past the limit has its connection cut.
 */
async function earlyRepliesImpl(app: FastifyInstance, { drainLimitBytes }: { drainLimitBytes: number }) {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    // A body that has all arrived may still sit unread in the request's buffer, and while it is full the
    // connection is not read at all: the next request on it is never seen.
    if (raw.destroyed || raw.readableEnded || (raw.complete && raw.readableLength === 0)) return;
    // Fastify answers a body too large to parse with `Connection: close`; its rest is drained below instead.
    if (Number(raw.headers['content-length'] ?? 0) > drainLimitBytes)
      void reply.header('connection', 'close');
    else reply.removeHeader('connection');
    let drained = 0;
    raw.unpipe();
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > drainLimitBytes) raw.socket.destroy();
    });
    raw.resume();
  });
}

export const earlyReplies = fp(earlyRepliesImpl, { name: 'fundry-early-replies' });
