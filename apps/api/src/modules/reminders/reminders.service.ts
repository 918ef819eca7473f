import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { todayUtc, withReferral } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { mailTemplates } from '../mail/mail.templates';
import type { Clock } from '../../lib/clock';
import type { LaunchNoticeService } from '../follows/launch-notices.service';
import type { PreferenceService } from '../preferences/preferences.service';
import { claimReminder, type DueReminder, findDueReminders } from './reminders.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ENDING_NOTICE_MS = 48 * HOUR;
const BATCH = 200;

/**
 * Reminders to people who saved a project: when it launches (the launch notice of DESIGN.md §19, which also tells its
 * followers and its creator's, each person once), and 48 hours before it ends if they have not backed it. Each goes at
 * most once per person, project and kind (sent_reminders, claimed in the transaction that queues the mail), so runs
 * may repeat or overlap on several instances.
 */
export class ReminderService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly preferences: PreferenceService,
    private readonly launchNotices: LaunchNoticeService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Gives every launch notice and queues every reminder due now; returns how many mails were queued. */
  async run(): Promise<number> {
    const { mailed } = await this.launchNotices.announce();
    const now = this.clock().getTime();
    const window = {
      today: todayUtc(new Date(now)),
      // A campaign ends at 23:59:59 UTC of its end date: those ending within 48 hours end on or before this day.
      endingBy: todayUtc(new Date(now + ENDING_NOTICE_MS - DAY + 1000)),
    };
    let queued = mailed;
    for (;;) {
      const due = await findDueReminders(this.db, window, BATCH);
      for (const reminder of due) {
        if (await this.send(reminder)) queued += 1;
      }
      if (due.length < BATCH) break;
    }
    if (queued > mailed) this.log.info({ queued: queued - mailed }, 'saved-project reminders queued');
    return queued;
  }

  private send(reminder: DueReminder) {
    return this.db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, reminder.user_id, reminder.project_id, reminder.kind))) return false;
      // The mail's link names it as the source of the visit (DESIGN.md §19).
      const url = withReferral(`${this.appUrl}/projects/${reminder.project_id}`, 'email');
      const recipient = { id: reminder.user_id, locale: reminder.locale, last_locale: reminder.last_locale };
      return this.preferences.enqueueGoverned(trx, recipient, 'email_reminders', (t) =>
        mailTemplates.savedProjectEnding(t, reminder.email, reminder.name, reminder.title, url),
      );
    });
  }
}
