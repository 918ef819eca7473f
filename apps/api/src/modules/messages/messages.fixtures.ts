import { expect } from 'vitest';
import { inboxCounterMismatchesSql } from '../../db/checks';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import type { DatabaseKind } from '../../test/databases';

type User = Awaited<ReturnType<typeof signedInUser>>;

/**
 * The app of the message tests (messages-threads, messages-bulk), its time the test's `now`, which `clock` reads
 * and moves: a creator with a running campaign (`projectId`), a visitor, a stranger and an admin. `api` sends a
 * request as `headers`' user, each post a moment after the one before; `ask` opens (or adds to) the asker's
 * thread about a project; `inbox` reads someone's inbox; `mailsTo` the mails to an address, oldest first.
 */
export async function openMessages(kind: DatabaseKind, clock: { now(): Date; set(at: Date): void }) {
  const ctx = await createTestApp(kind, {}, undefined, { clock: () => clock.now() });
  const db = () => ctx.database.db;
  const creator = await signedInUser(ctx);
  const visitor = await signedInUser(ctx);
  const stranger = await signedInUser(ctx);
  const admin = await signedInUser(ctx, { admin: true });
  const projectId = await createProjectRow(db(), { creatorId: creator.user.id, start: -1, end: 10 });

  const api = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => {
    // Every post a moment after the one before: threads order by their newest activity.
    if (method === 'POST') clock.set(new Date(clock.now().getTime() + 1));
    return ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
  };
  const mailsTo = (email: string) =>
    db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'html_body', 'headers'])
      .where('recipient', '=', email)
      .orderBy('id')
      .execute();
  const ask = async (who: User, body: string, project = projectId) => {
    const response = await api('POST', `projects/${project}/messages`, who.headers, { body });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { thread_id: number } }>().data.thread_id;
  };
  const inbox = async (who: User, query = '') => {
    const response = await api('GET', `messages${query}`, who.headers);
    expect(response.statusCode).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- read loosely, as the tests read every body
    return response.json();
  };
  /** People whose inbox totals differ from their threads (migration 0042): none, whatever was written. */
  const inboxMismatches = async () => (await inboxCounterMismatchesSql.execute(db())).rows;

  return { ctx, creator, visitor, stranger, admin, projectId, api, db, mailsTo, ask, inbox, inboxMismatches };
}

export type Messages = Awaited<ReturnType<typeof openMessages>>;
