import {
  SUSPENSION_REASON_KEYS,
  type SanctionKind,
  type SuspensionReason,
  type Translator,
} from '@fundry/shared';
import { render } from '../mail/mail.templates';

/**
 * The mails of a sanction and of its end (DESIGN.md §18), each in the person's language: what was decided, the
 * reason's wording, the admin's own words and where to answer (the site's contact page).
 */
export const sanctionMails = {
  sanctioned: (
    t: Translator,
    to: string,
    name: string,
    sanction: { kind: SanctionKind; reason: SuspensionReason; message: string; until: Date | null },
    contactUrl: string,
  ) =>
    render(t, {
      to,
      subject: t.t(
        sanction.kind === 'silence' ? 'mail.sanction.silenceSubject' : 'mail.sanction.suspendSubject',
      ),
      name,
      paragraphs: [
        sanction.kind === 'silence'
          ? t.t('mail.sanction.silenceBody', { until: t.formatDate(sanction.until!, 'dateTimeUtc') })
          : t.t('mail.sanction.suspendBody'),
        t.t('mail.sanction.reason', { reason: t.t(SUSPENSION_REASON_KEYS[sanction.reason]) }),
        t.t('mail.sanction.adminMessage', { message: sanction.message }),
      ],
      action: { label: t.t('mail.sanction.contact'), url: contactUrl },
      footer: t.t('mail.sanction.footer'),
    }),
  reinstated: (t: Translator, to: string, name: string, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.sanction.reinstatedSubject'),
      name,
      paragraphs: [t.t('mail.sanction.reinstatedBody')],
      action: { label: t.t('mail.sanction.visit'), url },
    }),
};
