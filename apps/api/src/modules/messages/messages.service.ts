import type { Kysely } from 'kysely';
import {
  type BulkMessageRequest,
  LIVE_PLEDGE_STATUSES,
  type FiledReport,
  type ReportRequest,
  type ThreadMessage,
  type ThreadSummary,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { ReportService } from '../admin/reports.service';
import { deleteBlock, insertBlock, isBlocked } from '../blocks/blocks.repository';
import type { AccessClaims } from '../auth/tokens';
import { may } from '../projects/project-access';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import type { PreferenceService } from '../preferences/preferences.service';
import { assertMayPublish } from '../sanctions/sanctions.rules';
import { communityAccess, pageMeta } from '../updates/updates.service';
import {
  findThread,
  insertMessage,
  latestMessageBy,
  listMessages,
  listThreads,
  markRead,
  openThread,
  sendBulk,
  type Side,
  threadSummary,
  type ThreadParties,
  type ThreadRow,
  type ThreadSummaryRow,
} from './messages.repository';

/** At most one mail per thread and recipient in this window (DESIGN.md §17): a lively chat is not a mail flood. */
export const MESSAGE_MAIL_INTERVAL_MS = 15 * 60_000;

const nameOf = (row: { full_name: string | null; username: string }) => row.full_name || row.username;

function toSummary(row: ThreadSummaryRow): ThreadSummary {
  return {
    id: row.id,
    project: { id: row.project_id, title: row.project_title },
    other: { id: row.other_id, name: row.other_full_name || row.other_username },
    last_message:
      row.last_body === null || row.last_author_id === null || row.last_created_at === null
        ? null
        : {
            body: row.last_body,
            author_id: row.last_author_id,
            created_at: row.last_created_at.toISOString(),
          },
    unread_count: Number(row.unread_count),
    blocked: Boolean(row.blocked),
  };
}

/**
 * Messages between a person and a project's creator (DESIGN.md §17): one thread per project and person, read
 * only by its two parties (anyone else, admins too, gets 404), a throttled mail to the other party on a new
 * message, blocking and reporting a sender, and the creator's bulk message to a filter of backers.
 */
export class MessageService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly mail: MailService,
    private readonly preferences: PreferenceService,
    private readonly appUrl: string,
    private readonly clock: () => Date,
    private readonly reports: ReportService,
  ) {}

  /** The thread, when the caller is one of its parties, and their side; 404 for anyone else. */
  private async party(threadId: number, caller: AccessClaims): Promise<{ thread: ThreadRow; side: Side }> {
    const thread = await findThread(this.db, threadId);
    if (thread?.creator_id === caller.userId) return { thread, side: 'creator' };
    if (thread?.person_id === caller.userId) return { thread, side: 'person' };
    throw notFound('thread');
  }

  private other(thread: ThreadRow, side: Side) {
    return side === 'creator' ? thread.person_id : thread.creator_id;
  }

  /** Opens (or continues) the caller's thread with a project's creator and adds their message. */
  async open(projectId: number, caller: AccessClaims, body: string) {
    const { project } = await communityAccess(this.db, projectId, caller);
    if (project.creator_id === caller.userId) throw forbidden('api.messages.ownProject');
    if (await isBlocked(this.db, project.creator_id, caller.userId)) throw forbidden('api.messages.blocked');
    await assertMayPublish(this.db, caller.userId);
    const threadId = await this.db.transaction().execute(async (trx) => {
      const id = await openThread(trx, project.id, project.creator_id, caller.userId);
      const thread = { id, project_id: project.id, creator_id: project.creator_id, person_id: caller.userId };
      await this.add(trx, thread, caller.userId, body, project.title);
      return id;
    });
    this.mail.kick();
    return threadId;
  }

  /** A reply in a thread by one of its parties; a blocked sender gets 403. */
  async reply(threadId: number, caller: AccessClaims, body: string): Promise<ThreadMessage> {
    const { thread, side } = await this.party(threadId, caller);
    if (await isBlocked(this.db, this.other(thread, side), caller.userId)) {
      throw forbidden('api.messages.blocked');
    }
    await assertMayPublish(this.db, caller.userId);
    const message = await this.db.transaction().execute(async (trx) => {
      const project = await trx
        .selectFrom('projects')
        .select('title')
        .where('id', '=', thread.project_id)
        .executeTakeFirstOrThrow();
      return this.add(trx, thread, caller.userId, body, project.title);
    });
    this.mail.kick();
    return message;
  }

  /** Adds a message and, when the throttle allows and they want it, mails the other party in their language. */
  private async add(trx: Kysely<DB>, thread: ThreadParties, authorId: number, body: string, title: string) {
    const now = this.clock();
    const cutoff = new Date(now.getTime() - MESSAGE_MAIL_INTERVAL_MS);
    const message = await insertMessage(trx, thread, authorId, body, now, cutoff);
    const recipientId = authorId === thread.creator_id ? thread.person_id : thread.creator_id;
    const people = await trx
      .selectFrom('users')
      .select(['id', 'email', 'full_name', 'username', 'locale', 'last_locale'])
      .where('id', 'in', [authorId, recipientId])
      .execute();
    const author = people.find((row) => row.id === authorId)!;
    const recipient = people.find((row) => row.id === recipientId);
    if (message.mailDue && recipient) {
      await this.preferences.enqueueGoverned(trx, recipient, 'email_messages', (t) =>
        mailTemplates.newMessage(
          t,
          recipient.email,
          nameOf(recipient),
          nameOf(author),
          title,
          body,
          `${this.appUrl}/messages/${thread.id}`,
        ),
      );
    }
    return {
      id: message.id,
      body,
      author: { id: author.id, name: nameOf(author) },
      created_at: message.created_at.toISOString(),
    };
  }

  async list(caller: AccessClaims, page: number, perPage: number) {
    const { rows, total, unread } = await listThreads(this.db, caller.userId, page, perPage);
    return {
      data: { threads: rows.map(toSummary) },
      meta: { ...pageMeta(total, page, perPage), unread },
    };
  }

  /** A page of a thread, oldest first; reading it marks it read for the caller. */
  async read(threadId: number, caller: AccessClaims, page: number, perPage: number) {
    const { thread, side } = await this.party(threadId, caller);
    if (thread[side === 'creator' ? 'creator_unread' : 'person_unread'] > 0)
      await markRead(this.db, threadId, side);
    const [summary, rows] = await Promise.all([
      threadSummary(this.db, threadId, caller.userId),
      listMessages(this.db, threadId, page, perPage),
    ]);
    return {
      data: {
        thread: toSummary(summary),
        messages: rows.map((row) => ({
          id: row.id,
          body: row.body,
          author: { id: row.author_id, name: nameOf(row) },
          created_at: row.created_at.toISOString(),
        })),
      },
      meta: pageMeta(thread.messages_count, page, perPage),
    };
  }

  /** The caller blocks the other party: they may no longer write to the caller (any thread, any project). */
  async block(threadId: number, caller: AccessClaims) {
    const { thread, side } = await this.party(threadId, caller);
    await insertBlock(this.db, caller.userId, this.other(thread, side));
  }

  /** The caller lifts their block of the other party (idempotent): they may write to the caller again. */
  async unblock(threadId: number, caller: AccessClaims) {
    const { thread, side } = await this.party(threadId, caller);
    await deleteBlock(this.db, caller.userId, this.other(thread, side));
  }

  /**
   * A party reports the other party through the one report flow (DESIGN.md §18) with their newest message as
   * what the admins read; once per message (a later message may be reported again).
   */
  async report(threadId: number, caller: AccessClaims, request: ReportRequest): Promise<FiledReport> {
    const { thread, side } = await this.party(threadId, caller);
    const message = await latestMessageBy(this.db, threadId, this.other(thread, side));
    if (!message) throw new AppError('UNPROCESSABLE', 'api.messages.nothingToReport');
    return this.reports.file(
      this.db,
      caller,
      { type: 'message', projectId: thread.project_id, messageId: message.id },
      request,
    );
  }

  /**
   * The creator's message to every backer the filter selects (the filter of their backers list): each gets it
   * in their thread with the creator and, throttle and preference allowing, a mail. Set-based: a handful of
   * statements for any number of backers.
   */
  async bulk(projectId: number, caller: AccessClaims, request: BulkMessageRequest) {
    const { project, team } = await communityAccess(this.db, projectId, caller);
    if (!may(caller, project, 'message_backers', team)) throw forbidden('api.messages.onlyCreatorBulk');
    await assertMayPublish(this.db, caller.userId);
    const now = this.clock();
    const cutoff = new Date(now.getTime() - MESSAGE_MAIL_INTERVAL_MS);
    const { filter } = request;
    const recipients = await this.db.transaction().execute(async (trx) => {
      const rows = await sendBulk(
        trx,
        project,
        {
          status: filter.status,
          rewardId: filter.reward_id,
          country: filter.country,
          survey: filter.survey,
          fulfilment: filter.fulfilment,
          // Those who hold the add-on: a live or collected pledge, not one canceled or refunded since.
          addOnId: filter.add_on_id,
          statuses: filter.add_on_id ? LIVE_PLEDGE_STATUSES : undefined,
        },
        request.body,
        now,
        cutoff,
      );
      const creator = await trx
        .selectFrom('users')
        .select(['full_name', 'username'])
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      await this.mail.enqueueAll(
        trx,
        rows.filter((row) => row.mail_due),
        (t, row) =>
          this.preferences.withLink(
            t,
            row.person_id,
            'email_messages',
            mailTemplates.newMessage(
              t,
              row.email,
              nameOf(row),
              nameOf(creator),
              project.title,
              request.body,
              `${this.appUrl}/messages/${row.thread_id}`,
            ),
          ),
      );
      return rows.length;
    });
    this.mail.kick();
    return recipients;
  }
}
