import type { MailContent } from './mail.repository';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Layout {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footer?: string;
}

/** Every mail has a plain-text body and an HTML body built from the same parts. */
function render({ to, subject, greeting, paragraphs, action, code, footer }: Layout): MailContent {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(code ? [code, ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer ?? 'If you did not expect this e-mail, you can ignore it.',
    '',
    '— The Fundry team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f8;padding:24px;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#087f5b;margin:0 0 24px">Fundry</p>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${code ? `<p style="font-size:32px;font-weight:700;letter-spacing:8px;text-align:center;margin:24px 0">${escapeHtml(code)}</p>` : ''}
${action ? `<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#087f5b;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#667">Or open this link: ${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:12px;color:#667">${escapeHtml(footer ?? 'If you did not expect this e-mail, you can ignore it.')}</p>
</div></body></html>`;
  return { to, subject, text, html };
}

export const mailTemplates = {
  verifyEmail: (to: string, name: string, url: string) =>
    render({
      to,
      subject: 'Confirm your e-mail address',
      greeting: `Hi ${name},`,
      paragraphs: ['Welcome to Fundry! Please confirm your e-mail address to finish creating your account.'],
      action: { label: 'Confirm e-mail address', url },
      footer:
        'The link is valid for 24 hours. If you did not sign up for Fundry, you can ignore this e-mail.',
    }),
  passwordReset: (to: string, name: string, url: string) =>
    render({
      to,
      subject: 'Reset your Fundry password',
      greeting: `Hi ${name},`,
      paragraphs: [
        'We received a request to reset your password. The link below works once, for 30 minutes.',
      ],
      action: { label: 'Reset password', url },
      footer:
        'If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.',
    }),
  twoFactorCode: (to: string, name: string, code: string) =>
    render({
      to,
      subject: `Your Fundry verification code: ${code}`,
      greeting: `Hi ${name},`,
      paragraphs: [
        'Use this code to continue setting up two-factor authentication. It expires in 10 minutes.',
      ],
      code,
      footer: 'If you did not start two-factor setup, change your password: someone else may be signed in.',
    }),
  projectApproved: (to: string, name: string, title: string, url: string) =>
    render({
      to,
      subject: `Your project “${title}” is live`,
      greeting: `Hi ${name},`,
      paragraphs: [
        `Good news: “${title}” was approved and is now visible to everyone on Fundry.`,
        'Share it with your community to get your first backers.',
      ],
      action: { label: 'View your project', url },
    }),
  projectRejected: (to: string, name: string, title: string, reason: string, url: string) =>
    render({
      to,
      subject: `Your project “${title}” was not approved`,
      greeting: `Hi ${name},`,
      paragraphs: [`“${title}” was not approved for Fundry.`, `Reason: ${reason}`],
      action: { label: 'View your project', url },
      footer: 'Reply to this e-mail if you have questions about the decision.',
    }),
  backingReceipt: (to: string, name: string, title: string, amount: string, url: string) =>
    render({
      to,
      subject: `Thank you for backing “${title}”`,
      greeting: `Hi ${name},`,
      paragraphs: [
        `Your pledge of ${amount} to “${title}” went through. This e-mail is your receipt.`,
        'We will tell you how the campaign ends.',
      ],
      action: { label: 'View the project', url },
    }),
  campaignResult: (to: string, name: string, message: string, url: string) =>
    render({
      to,
      subject: 'Your campaign has ended',
      greeting: `Hi ${name},`,
      paragraphs: [message],
      action: { label: 'View your project', url },
    }),
  payout: (to: string, name: string, message: string, url: string) =>
    render({
      to,
      subject: 'About your Fundry payout',
      greeting: `Hi ${name},`,
      paragraphs: [message],
      action: { label: 'View your project', url },
    }),
  passwordChanged: (to: string, name: string) =>
    render({
      to,
      subject: 'Your Fundry password was changed',
      greeting: `Hi ${name},`,
      paragraphs: [
        'The password of your Fundry account was just changed, and every other session was signed out.',
      ],
      footer: 'If this was not you, reset your password right away.',
    }),
};
