import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { todayUtc, withReferral } from '@fundry/shared';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { mailTemplates } from '../mail/mail.templates';
import type { MailService } from '../mail/mail.service';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import type { PreferenceService } from '../preferences/preferences.service';
import { claimLaunchNotice, type DueLaunchNotice, findDueLaunchNotices } from './follows.repository';

const DAY = 24 * 3_600_000;
/** A launch missed for longer than this (the job was down) is not announced any more. */
const LAUNCH_GRACE_MS = 3 * DAY;
const BATCH = 200;

/**
 * The launch notice (DESIGN.md §19, folding §11's saved-project launch mail into it): when a project launches, early
 * or on its start date, each person who asked to be told, saved it, or follows its creator is notified in the app and
 * mailed in their language (email_launches, one-click unsubscribe), once per person and project whichever way they
 * are told. "Once" is a row of `sent_reminders` (kind `launch`) inserted with ON CONFLICT DO NOTHING in the
 * transaction that writes the notification and queues the mail, so runs may repeat and instances may overlap.
 */
export class LaunchNoticeService {
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly preferences: PreferenceService,
    private readonly mail: MailService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Tells everyone owed a launch notice now (of one project, or of every launched one); returns how many were told
   * and how many of them were mailed.
   */
  async announce(projectId?: number): Promise<{ told: number; mailed: number }> {
    const now = this.clock().getTime();
    const window = {
      today: todayUtc(new Date(now)),
      since: { date: todayUtc(new Date(now - LAUNCH_GRACE_MS)), at: new Date(now - LAUNCH_GRACE_MS) },
      projectId,
    };
    let told = 0;
    let mailed = 0;
    for (;;) {
      const due = await findDueLaunchNotices(this.db, window, BATCH);
      for (const notice of due) {
        const result = await this.tell(notice);
        if (result !== 'taken') told += 1;
        if (result === 'mailed') mailed += 1;
      }
      if (due.length < BATCH) break;
    }
    if (told > 0) this.log.info({ told, mailed, projectId }, 'launch notices given');
    return { told, mailed };
  }

  /**
   * After a creator's early launch commits: its notices go in the background (the request does not wait for
   * thousands of followers), and the job's next run picks up whatever this one did not finish.
   */
  kick(projectId: number) {
    this.inFlight = this.inFlight
      .then(() => this.announce(projectId))
      .then(({ mailed }) => {
        if (mailed > 0) this.mail.kick();
      })
      .catch((error: unknown) => this.log.error({ err: error, projectId }, 'launch notices failed'));
  }

  /** Resolves once the notices kicked so far are given (tests, shutdown). */
  settled() {
    return this.inFlight;
  }

  private tell(notice: DueLaunchNotice) {
    return this.db.transaction().execute(async (trx): Promise<'taken' | 'told' | 'mailed'> => {
      if (!(await claimLaunchNotice(trx, notice.user_id, notice.project_id))) return 'taken';
      await insertNotifications(trx, [
        {
          userId: notice.user_id,
          type: 'PROJECT_LAUNCHED',
          message: notificationMessages.projectLaunched(notice.title, notice.end_date),
          projectId: notice.project_id,
        },
      ]);
      const recipient = { id: notice.user_id, locale: notice.locale, last_locale: notice.last_locale };
      const url = withReferral(`${this.appUrl}/projects/${notice.project_id}`, 'email');
      const queued = await this.preferences.enqueueGoverned(trx, recipient, 'email_launches', (t) =>
        mailTemplates.projectLaunched(t, notice.email, notice.name, notice.title, notice.end_date, url),
      );
      return queued ? 'mailed' : 'told';
    });
  }
}
