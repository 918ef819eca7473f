import { describe, expect, it } from 'vitest';
import { SharedAnswers, sharedLifetimeMs } from './shared-answers';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const text = (body: ArrayBuffer | null) => (body ? new TextDecoder().decode(body) : null);

describe('sharedLifetimeMs', () => {
  it('reads how long a shared cache may keep an answer, and nothing for one it may not', () => {
    expect(sharedLifetimeMs('public, max-age=60')).toBe(60_000);
    expect(sharedLifetimeMs('max-age=3600, PUBLIC')).toBe(3_600_000);
    expect(sharedLifetimeMs('public, max-age=60, s-maxage=5')).toBe(5_000);
    expect(sharedLifetimeMs(undefined)).toBe(0);
    expect(sharedLifetimeMs('max-age=60')).toBe(0);
    expect(sharedLifetimeMs('public')).toBe(0);
    expect(sharedLifetimeMs('public, max-age=0')).toBe(0);
    expect(sharedLifetimeMs('public, max-age=soon')).toBe(0);
    expect(sharedLifetimeMs('public, max-age=60, no-cache')).toBe(0);
    expect(sharedLifetimeMs('public, private, max-age=60')).toBe(0);
    expect(sharedLifetimeMs('no-store')).toBe(0);
  });
});

describe('SharedAnswers', () => {
  const key = SharedAnswers.keyOf('/api/v1/config', [['accept-language', 'de']]);

  it('answers a kept read until its age runs out, each time with a body of its own', () => {
    let now = 1_000;
    const answers = new SharedAnswers(() => now);
    const body = bytes('{"data":1}');
    answers.offer(key, { status: 200, body }, 'public, max-age=60');
    // The body offered is moved to a render's thread after it is kept: what is kept must not go with it.
    structuredClone(body, { transfer: [body] });
    const first = answers.find(key);
    const second = answers.find(key);
    expect(text(first!.body)).toBe('{"data":1}');
    expect(second!.body).not.toBe(first!.body);
    structuredClone(first!.body, { transfer: [first!.body!] });
    expect(text(answers.find(key)!.body)).toBe('{"data":1}');
    now += 59_999;
    expect(answers.find(key)?.status).toBe(200);
    now += 1;
    expect(answers.find(key)).toBeNull();
  });

  it('keeps only a 200 marked for shared caches, apart for each address and each set of headers', () => {
    const answers = new SharedAnswers();
    answers.offer(key, { status: 200, body: bytes('{}') }, 'no-cache');
    answers.offer(key, { status: 404, body: bytes('{}') }, 'public, max-age=60');
    expect(answers.find(key)).toBeNull();
    answers.offer(key, { status: 200, body: bytes('"de"') }, 'public, max-age=60');
    expect(answers.find(SharedAnswers.keyOf('/api/v1/config', [['accept-language', 'es']]))).toBeNull();
    expect(answers.find(SharedAnswers.keyOf('/api/v1/config', []))).toBeNull();
    expect(answers.find(SharedAnswers.keyOf('/api/v1/config?x=1', [['accept-language', 'de']]))).toBeNull();
    expect(text(answers.find(key)!.body)).toBe('"de"');
  });

  it('keeps a bounded number of reads, the oldest leaving first', () => {
    const answers = new SharedAnswers();
    const keyOf = (n: number) => SharedAnswers.keyOf(`/api/v1/stats?n=${n}`, []);
    for (let n = 0; n <= 256; n++) answers.offer(keyOf(n), { status: 200, body: null }, 'public, max-age=60');
    expect(answers.find(keyOf(0))).toBeNull();
    expect(answers.find(keyOf(1))).not.toBeNull();
    expect(answers.find(keyOf(256))).not.toBeNull();
  });
});
