import type { MailContent } from '../mail/mail.repository';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A plain mail in Fundry's layout: text and HTML from the same paragraphs. */
function simpleMail(
  to: string,
  subject: string,
  name: string,
  paragraphs: string[],
  link: string,
): MailContent {
  const text = [
    `Hi ${name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `Open Fundry: ${link}`,
    '',
    '— The Fundry team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f8;padding:24px;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#087f5b;margin:0 0 24px">Fundry</p>
<p>Hi ${escapeHtml(name)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(link)}" style="background:#087f5b;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600">Open Fundry</a></p>
</div></body></html>`;
  return { to, subject, text, html };
}

export const toolMails = {
  refunded: (to: string, name: string, title: string, amount: string, link: string) =>
    simpleMail(
      to,
      `Your pledge to “${title}” was refunded`,
      name,
      [
        `The creator of “${title}” refunded your pledge of ${amount} in full.`,
        'The money goes back to the card you paid with; banks usually show it within 5 to 10 business days.',
      ],
      link,
    ),
  rewardSent: (to: string, name: string, title: string, reward: string, link: string) =>
    simpleMail(
      to,
      `Your reward from “${title}” is on its way`,
      name,
      [`The creator of “${title}” marked your reward “${reward}” as sent.`],
      link,
    ),
};
