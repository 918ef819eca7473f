import net, { type AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a server (the database), to take it away and give it back while an instance
 * keeps running:
 * - `cut()`: the listener closes and every connection is destroyed (connections are refused: host down);
 * - `stall()`: every connection is destroyed and new ones are accepted but never answered (a hung host);
 * - `restore()`: traffic flows again, on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: 'open' | 'cut' | 'stall' = 'open';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === 'stall') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      dropAll();
    });

  await listen(0);
  const { port } = server.address() as AddressInfo;

  return {
    port,
    async cut() {
      mode = 'cut';
      await close();
    },
    async stall() {
      mode = 'stall';
      dropAll();
      if (!server.listening) await listen(port);
    },
    async restore() {
      mode = 'open';
      // Half-open connections from the stall go too, so a client never waits on one of them.
      dropAll();
      if (!server.listening) await listen(port);
    },
    close: async () => {
      mode = 'cut';
      await close();
    },
  };
}
