import type { Translator } from '@fundry/shared';
import { amountWithCents, type Money } from '../../i18n';
import type { MailContent } from '../mail/mail.repository';
import { escapeHtml } from '../mail/mail.templates';

/** A plain mail in Fundry's layout: text and HTML from the same paragraphs, in the recipient's language. */
export function simpleMail(
  t: Translator,
  to: string,
  subject: string,
  name: string,
  paragraphs: string[],
  link: string,
): MailContent {
  const greeting = t.t('mail.layout.greeting', { name });
  const open = t.t('mail.action.openFundry');
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    t.t('mail.layout.actionLine', { label: open, url: link }),
    '',
    t.t('mail.layout.signature'),
  ].join('\n');
  const html = `<!doctype html><html lang="${t.locale}" dir="${t.dir}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f8;padding:24px;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#087f5b;margin:0 0 24px">Fundry</p>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(link)}" style="background:#087f5b;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(open)}</a></p>
</div></body></html>`;
  return { to, subject, text, html };
}

export const toolMails = {
  refunded: (t: Translator, to: string, name: string, title: string, amount: Money, link: string) =>
    simpleMail(
      t,
      to,
      t.t('mail.refunded.subject', { title }),
      name,
      [t.t('mail.refunded.body', { title, amount: amountWithCents(t, amount) }), t.t('mail.refunded.bank')],
      link,
    ),
  /** A reward on its way, with the parcel's tracking link if there is one; `link` opens Backed Projects. */
  rewardSent: (
    t: Translator,
    to: string,
    name: string,
    title: string,
    reward: string,
    trackingUrl: string | null,
    link: string,
  ) =>
    simpleMail(
      t,
      to,
      t.t('mail.rewardSent.subject', { title }),
      name,
      [
        t.t('mail.rewardSent.body', { title, reward }),
        ...(trackingUrl ? [t.t('mail.rewardSent.tracking', { url: trackingUrl })] : []),
        t.t('mail.rewardSent.confirm'),
      ],
      link,
    ),
};
