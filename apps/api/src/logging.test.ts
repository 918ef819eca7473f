import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { loggerOptions } from './logging';

describe('the server log', () => {
  it('is JSON lines unless it goes to a terminal', () => {
    const options = loggerOptions(loadConfig({ DATA_DIR: ':memory:', NODE_ENV: 'production' }, false));
    expect(options).toEqual({
      level: 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    });
  });

  it('is readable lines on a terminal: a request, then its answer with its status and time', async () => {
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const config = loadConfig({ DATA_DIR: ':memory:', LOG_FORMAT: 'pretty' }, false);
    const app = Fastify({ logger: loggerOptions(config, output) });
    app.get('/hello', async () => ({ hello: 'world' }));
    app.log.info('Fundry is running at http://localhost:5099');
    await app.inject({ url: '/hello?x=1', headers: { authorization: 'Bearer secret' } });
    await app.close();
    const lines = stripVTControlCharacters(text).trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Fundry is running at http:\/\/localhost:5099$/,
    );
    expect(lines).toContainEqual(expect.stringMatching(/INFO: → GET \/hello\?x=1$/));
    expect(lines).toContainEqual(expect.stringMatching(/INFO: ← 200 GET \/hello\?x=1 \(\d+ ms\)$/));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('{');
  });
});
