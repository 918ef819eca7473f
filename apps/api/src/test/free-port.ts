import net, { type AddressInfo } from 'node:net';

/** A port nothing listens on right now, for a server a test starts (or leaves away) on purpose. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
