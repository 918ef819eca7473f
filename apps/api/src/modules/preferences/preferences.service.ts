import type { Kysely } from 'kysely';
import {
  MAIL_PREFERENCE_LABELS,
  type MailPreference,
  type Preferences,
  type Translator,
  UNSUBSCRIBE_MESSAGES,
  type UpdatePreferencesRequest,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { SavedLanguage } from '../../i18n';
import type { MailContent } from '../mail/mail.repository';
import type { MailService } from '../mail/mail.service';
import { findPreferences, savePreferences, wantsMail } from './preferences.repository';
import { type UnsubscribeLinks, withUnsubscribe } from './unsubscribe';

/**
 * Mail preferences (DESIGN.md §11): read and saved by their owner, turned off one at a time by a signed
 * unsubscribe link, and consulted by every module that sends a mail a preference governs (`enqueueGoverned`).
 */
export class PreferenceService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly mail: MailService,
    readonly links: UnsubscribeLinks,
  ) {}

  get(userId: number): Promise<Preferences> {
    return findPreferences(this.db, userId);
  }

  async update(userId: number, changes: UpdatePreferencesRequest): Promise<Preferences> {
    if (Object.keys(changes).length > 0) await savePreferences(this.db, userId, changes);
    return this.get(userId);
  }

  /** What a valid token turns off; a tampered or expired one is refused with a message a person can act on. */
  check(token: string) {
    const result = this.links.verify(token);
    if (!result.ok) {
      throw new AppError('INVALID_TOKEN', UNSUBSCRIBE_MESSAGES[result.reason]);
    }
    return result.claims;
  }

  /**
   * One-click unsubscribe: no session, the signed token is the authority. Repeating it changes nothing.
   * Returns the preference turned off and its title (a catalog key).
   */
  async unsubscribe(token: string) {
    const { userId, preference } = this.check(token);
    const user = await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError('INVALID_TOKEN', UNSUBSCRIBE_MESSAGES.invalid);
    await savePreferences(this.db, userId, { [preference]: false });
    return { preference, title: MAIL_PREFERENCE_LABELS[preference].title };
  }

  /**
   * Queues the mail `compose` writes for `recipient` inside the caller's transaction if they want mails of
   * `preference`, with the one-click unsubscribe link in its body and its RFC 8058 headers. Returns whether it
   * was queued.
   */
  async enqueueGoverned(
    trx: Kysely<DB>,
    recipient: SavedLanguage & { id: number },
    preference: MailPreference,
    compose: (t: Translator) => MailContent,
  ) {
    if (!(await wantsMail(trx, recipient.id, preference))) return false;
    await this.mail.enqueue(trx, recipient, (t) => this.withLink(t, recipient.id, preference, compose(t)));
    return true;
  }

  /**
   * A mail `preference` governs with its one-click unsubscribe link, for a caller that already knows the
   * recipient wants it (a bulk send reads everyone's preference in its own query).
   */
  withLink(t: Translator, userId: number, preference: MailPreference, mail: MailContent) {
    return withUnsubscribe(t, mail, preference, this.links.url(userId, preference));
  }
}
