import type { Translator } from '@fundry/shared';
import { simpleMail } from '../creator-tools/creator-tools.mail';

/** The survey's mails (DESIGN.md §17), each in its backer's language, with the link to their survey. */
export const surveyMails = {
  invitation: (t: Translator, to: string, name: string, title: string, link: string) =>
    simpleMail(
      t,
      to,
      t.t('mail.surveySent.subject', { title }),
      name,
      [t.t('mail.surveySent.body', { title }), t.t('mail.surveySent.change')],
      link,
    ),
  reminder: (t: Translator, to: string, name: string, title: string, link: string) =>
    simpleMail(
      t,
      to,
      t.t('mail.surveyReminder.subject', { title }),
      name,
      [t.t('mail.surveyReminder.body', { title })],
      link,
    ),
};
