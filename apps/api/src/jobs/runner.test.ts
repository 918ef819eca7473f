import net from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { survivingLostDatabase } from './runner';

/** A logger that keeps what it was told, to read back. */
function keptLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** The error node-postgres rejects with when its server closes the connection under it. */
async function connectionLost(): Promise<Error> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  try {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'nobody' });
    client.on('error', () => undefined);
    return await client.connect().then(
      () => new Error('connected'),
      (error: Error) => error,
    );
  } finally {
    server.close();
  }
}

describe('survivingLostDatabase', () => {
  it('keeps the process up for a rejection of a database that is away, and says so', async () => {
    const { log, lines } = keptLog();
    const listener = survivingLostDatabase(log);
    const refused = await new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'nobody' })
      .connect()
      .then(
        () => new Error('connected'),
        (error: Error) => error,
      );
    const lost = await connectionLost();
    expect(refused.message).toMatch(/ECONNREFUSED/);
    expect(lost.message).toMatch(/^Connection terminated/);

    expect(() => listener(refused)).not.toThrow();
    expect(() => listener(lost)).not.toThrow();
    expect(lines.map((line) => line.msg)).toEqual([
      'the database went away under a background write; it is retried later',
      'the database went away under a background write; it is retried later',
    ]);
  });

  it('ends the process as Node would for any other rejection', () => {
    const { log, lines } = keptLog();
    const listener = survivingLostDatabase(log);
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(() => listener(bug)).toThrow(bug);
    expect(() => listener('a string, not an error')).toThrow('a string, not an error');
    expect(lines).toEqual([]);
  });
});
