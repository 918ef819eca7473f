import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(databaseKinds)('project FAQ on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let backer: User;
  let stranger: User;
  let admin: User;
  let projectId: number;

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx);
    backer = await signedInUser(ctx);
    stranger = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
    projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, start: -1, end: 10 });
    await backProject(ctx, backer.headers, projectId, { amount: 5 });
  });
  afterAll(() => ctx.close());

  it('lets the creator add, edit and delete questions that everyone reads in order', async () => {
    const first = await api('POST', `projects/${projectId}/faqs`, creator.headers, {
      question: 'Does it ship abroad?',
      answer: 'Yes, everywhere.',
    });
    expect(first.statusCode).toBe(201);
    const second = await api('POST', `projects/${projectId}/faqs`, creator.headers, {
      question: 'What colour?',
      answer: '<b>Teal</b>',
    });
    const id = first.json().data.id as number;
    const edited = await api('PUT', `projects/${projectId}/faqs/${id}`, creator.headers, {
      question: 'Does it ship abroad?',
      answer: 'Yes, to 40 countries.',
    });
    expect(edited.json().data.answer).toBe('Yes, to 40 countries.');
    const list = await api('GET', `projects/${projectId}/faqs`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.faqs.map((f: { answer: string }) => f.answer)).toEqual([
      'Yes, to 40 countries.',
      '<b>Teal</b>',
    ]);
    expect(
      (await api('DELETE', `projects/${projectId}/faqs/${second.json().data.id}`, creator.headers))
        .statusCode,
    ).toBe(200);
    expect((await api('GET', `projects/${projectId}/faqs`)).json().data.faqs).toHaveLength(1);
    expect((await api('DELETE', `projects/${projectId}/faqs/999999`, creator.headers)).statusCode).toBe(404);
  });

  it('refuses anyone else, and bad input, with a message', async () => {
    const body = { question: 'Q?', answer: 'A.' };
    expect((await api('POST', `projects/${projectId}/faqs`, {}, body)).statusCode).toBe(401);
    for (const who of [backer, stranger, admin]) {
      const response = await api('POST', `projects/${projectId}/faqs`, who.headers, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(inEnglish(COMMUNITY_MESSAGES.onlyCreatorFaq));
    }
    const mine = await api('POST', `projects/${projectId}/faqs`, creator.headers, body);
    const path = `projects/${projectId}/faqs/${mine.json().data.id}`;
    expect((await api('PUT', path, {}, body)).statusCode).toBe(401);
    expect((await api('DELETE', path)).statusCode).toBe(401);
    for (const who of [backer, stranger, admin]) {
      const edit = await api('PUT', path, who.headers, { question: 'Hijacked?', answer: 'Yes.' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe(inEnglish(COMMUNITY_MESSAGES.onlyCreatorFaq));
      expect((await api('DELETE', path, who.headers)).statusCode).toBe(403);
    }
    const kept = (await api('GET', `projects/${projectId}/faqs`)).json().data.faqs;
    expect(kept.map((f: { question: string }) => f.question)).toContain('Q?');
    expect(kept.map((f: { question: string }) => f.question)).not.toContain('Hijacked?');
    const bad = await api('POST', `projects/${projectId}/faqs`, creator.headers, {
      question: ' ',
      answer: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      question: [inEnglish(COMMUNITY_MESSAGES.questionRequired)],
      answer: [inEnglish(COMMUNITY_MESSAGES.answerRequired)],
    });
    const draft = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, status: 'DRAFT' });
    expect((await api('GET', `projects/${draft}/faqs`, stranger.headers)).statusCode).toBe(404);
    expect((await api('GET', `projects/${draft}/faqs`, creator.headers)).statusCode).toBe(200);
  });
});
