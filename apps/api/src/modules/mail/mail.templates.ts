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
      action: { label: 'View your receipt', url },
    }),
  pledgeConfirmed: (to: string, name: string, title: string, amount: string, chargeOn: string, url: string) =>
    render({
      to,
      subject: `Your pledge to “${title}” is confirmed`,
      greeting: `Hi ${name},`,
      paragraphs: [
        `Thank you for backing “${title}” with ${amount}. Your card is saved and nothing has been charged.`,
        `You will be charged ${amount} on ${chargeOn} only if the project reaches its goal. Until the campaign ends you can change or cancel your pledge.`,
      ],
      action: { label: 'Manage your pledge', url },
    }),
  pledgeChanged: (to: string, name: string, title: string, summary: string, url: string) =>
    render({
      to,
      subject: `Your pledge to “${title}” was changed`,
      greeting: `Hi ${name},`,
      paragraphs: [`Your pledge to “${title}” is now: ${summary}.`, 'Nothing has been charged yet.'],
      action: { label: 'Manage your pledge', url },
      footer: 'If you did not change your pledge, change your password: someone else may be signed in.',
    }),
  pledgeCanceled: (to: string, name: string, title: string, amount: string, url: string) =>
    render({
      to,
      subject: `Your pledge to “${title}” was cancelled`,
      greeting: `Hi ${name},`,
      paragraphs: [
        `Your ${amount} pledge to “${title}” was cancelled. Your card will not be charged.`,
        'You can back the project again while its campaign runs.',
      ],
      action: { label: 'View the project', url },
    }),
  paymentFailed: (to: string, name: string, title: string, amount: string, fixBy: string, url: string) =>
    render({
      to,
      subject: `Action needed: your payment for “${title}” did not go through`,
      greeting: `Hi ${name},`,
      paragraphs: [
        `“${title}” was funded, but your card was declined when we tried to collect your ${amount} pledge.`,
        `Please update your payment method by ${fixBy}. We will try again every day until then; after that the pledge is dropped and its reward released.`,
      ],
      action: { label: 'Fix your payment', url },
    }),
  pledgeDropped: (to: string, name: string, title: string, amount: string, url: string) =>
    render({
      to,
      subject: `Your pledge to “${title}” was dropped`,
      greeting: `Hi ${name},`,
      paragraphs: [
        `We could not collect your ${amount} pledge to “${title}” within 7 days, so it was dropped and its reward released. Nothing was charged.`,
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
  /** To a creator, about a pledge to their project (governed by email_pledges). */
  creatorPledge: (to: string, name: string, subject: string, message: string, url: string) =>
    render({
      to,
      subject,
      greeting: `Hi ${name},`,
      paragraphs: [message],
      action: { label: 'View your project', url },
      footer: 'You can choose which e-mails Fundry sends you in your settings.',
    }),
  /** A saved project started (governed by email_reminders). */
  savedProjectLaunched: (to: string, name: string, title: string, endsOn: string, url: string) =>
    render({
      to,
      subject: `“${title}” has launched`,
      greeting: `Hi ${name},`,
      paragraphs: [`“${title}”, a project you saved, is now live and open for backing until ${endsOn}.`],
      action: { label: 'See the project', url },
      footer: 'You can choose which e-mails Fundry sends you in your settings.',
    }),
  /** 48 hours left on a saved project not backed yet (governed by email_reminders). */
  savedProjectEnding: (to: string, name: string, title: string, url: string) =>
    render({
      to,
      subject: `48 hours left to back “${title}”`,
      greeting: `Hi ${name},`,
      paragraphs: [
        `“${title}”, a project you saved, ends in less than 48 hours. If you want to back it, now is the time.`,
      ],
      action: { label: 'See the project', url },
      footer: 'You can choose which e-mails Fundry sends you in your settings.',
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
  /** A creator's update, to its backers (and, when public, to those who saved the project): email_updates. */
  projectUpdate: (
    to: string,
    name: string,
    project: string,
    update: { number: number; title: string; excerpt: string },
    url: string,
  ) =>
    render({
      to,
      subject: `Update #${update.number} from “${project}”: ${update.title}`,
      greeting: `Hi ${name},`,
      paragraphs: [`“${project}” posted update #${update.number}: ${update.title}`, update.excerpt],
      action: { label: 'Read the update', url },
      footer: 'You get this e-mail because you back or saved this project.',
    }),
  /** A comment on a creator's project, or a reply to someone's comment: email_comments. */
  newComment: (to: string, name: string, subject: string, message: string, excerpt: string, url: string) =>
    render({
      to,
      subject,
      greeting: `Hi ${name},`,
      paragraphs: [message, `“${excerpt}”`],
      action: { label: 'See the conversation', url },
      footer: 'You get this e-mail because you take part in this conversation.',
    }),
};
