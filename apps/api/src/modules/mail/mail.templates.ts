import { declineMessage, INSTALMENT_COUNT, minorToMajor, type Translator } from '@fundry/shared';
import { amountWithCents, type KeyedMessage, type Money, writeMessage } from '../../i18n';
import type { MailContent } from './mail.repository';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Layout {
  to: string;
  subject: string;
  /** Who the greeting names. */
  name: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footer?: string;
}

/** Every mail has a plain-text body and an HTML body built from the same parts, in the recipient's language. */
export function render(
  t: Translator,
  { to, subject, name, paragraphs, action, code, footer }: Layout,
): MailContent {
  const greeting = t.t('mail.layout.greeting', { name });
  const closing = footer ?? t.t('mail.layout.ignore');
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(code ? [code, ''] : []),
    ...(action ? [t.t('mail.layout.actionLine', action), ''] : []),
    closing,
    '',
    t.t('mail.layout.signature'),
  ].join('\n');
  const html = `<!doctype html><html lang="${t.locale}" dir="${t.dir}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f8;padding:24px;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#087f5b;margin:0 0 24px">Fundry</p>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${code ? `<p style="font-size:32px;font-weight:700;letter-spacing:8px;text-align:center;margin:24px 0">${escapeHtml(code)}</p>` : ''}
${action ? `<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#087f5b;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#667">${escapeHtml(t.t('mail.layout.openLink', { url: action.url }))}</p>` : ''}
<p style="font-size:12px;color:#667">${escapeHtml(closing)}</p>
</div></body></html>`;
  return { to, subject, text, html };
}

/**
 * Every mail Fundry sends, each written by the recipient's translator `t` (MailService.enqueue picks it). Amounts
 * come in cents and dates as `YYYY-MM-DD`, so that each language writes them its own way.
 */
export const mailTemplates = {
  verifyEmail: (t: Translator, to: string, name: string, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.verifyEmail.subject'),
      name,
      paragraphs: [t.t('mail.verifyEmail.body')],
      action: { label: t.t('mail.verifyEmail.action'), url },
      footer: t.t('mail.verifyEmail.footer'),
    }),
  passwordReset: (t: Translator, to: string, name: string, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.passwordReset.subject'),
      name,
      paragraphs: [t.t('mail.passwordReset.body')],
      action: { label: t.t('mail.passwordReset.action'), url },
      footer: t.t('mail.passwordReset.footer'),
    }),
  twoFactorCode: (t: Translator, to: string, name: string, code: string) =>
    render(t, {
      to,
      subject: t.t('mail.twoFactorCode.subject', { code }),
      name,
      paragraphs: [t.t('mail.twoFactorCode.body')],
      code,
      footer: t.t('mail.twoFactorCode.footer'),
    }),
  projectApproved: (t: Translator, to: string, name: string, title: string, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.projectApproved.subject', { title }),
      name,
      paragraphs: [t.t('mail.projectApproved.body', { title }), t.t('mail.projectApproved.share')],
      action: { label: t.t('mail.action.viewYourProject'), url },
    }),
  /** `reason` is the admin's, as written; without one the mail says what the project page does. */
  projectRejected: (
    t: Translator,
    to: string,
    name: string,
    title: string,
    reason: string | null,
    url: string,
  ) =>
    render(t, {
      to,
      subject: t.t('mail.projectRejected.subject', { title }),
      name,
      paragraphs: [
        t.t('mail.projectRejected.body', { title }),
        t.t('mail.projectRejected.reason', { reason: reason ?? t.t('projects.detail.rejectedNoReason') }),
      ],
      action: { label: t.t('mail.action.viewYourProject'), url },
      footer: t.t('mail.projectRejected.footer'),
    }),
  backingReceipt: (t: Translator, to: string, name: string, title: string, amount: Money, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.backingReceipt.subject', { title }),
      name,
      paragraphs: [
        t.t('mail.backingReceipt.body', { title, amount: amountWithCents(t, amount) }),
        t.t('mail.backingReceipt.outcome'),
      ],
      action: { label: t.t('mail.backingReceipt.action'), url },
    }),
  /** An instalment of a pledge paid over time (DESIGN.md §20) went through: its receipt. */
  instalmentReceipt: (
    t: Translator,
    to: string,
    name: string,
    title: string,
    amount: Money,
    number: number,
    url: string,
  ) =>
    render(t, {
      to,
      subject: t.t('mail.instalmentReceipt.subject', { title, number, count: INSTALMENT_COUNT }),
      name,
      paragraphs: [
        t.t('mail.instalmentReceipt.body', {
          title,
          number,
          count: INSTALMENT_COUNT,
          amount: amountWithCents(t, amount),
        }),
      ],
      action: { label: t.t('mail.backingReceipt.action'), url },
    }),
  /**
   * A later instalment was declined (DESIGN.md §20): `fixBy` is the last day before the plan ends, `url` where the
   * backer saves another card.
   */
  instalmentFailed: (
    t: Translator,
    to: string,
    name: string,
    title: string,
    charge: { amount: Money; number: number; code: string | null },
    fixBy: string,
    url: string,
  ) =>
    render(t, {
      to,
      subject: t.t('mail.paymentFailed.subject', { title }),
      name,
      paragraphs: [
        t.t('mail.instalmentFailed.body', {
          title,
          number: charge.number,
          count: INSTALMENT_COUNT,
          amount: amountWithCents(t, charge.amount),
        }),
        t.t(declineMessage(charge.code)),
        t.t('mail.instalmentFailed.fix', { date: t.calendarDate(fixBy) }),
      ],
      action: { label: t.t('mail.instalmentFailed.action'), url },
    }),
  /** A plan ended unpaid (DESIGN.md §20): `paid` stays paid, nothing more is charged. */
  planDefaulted: (t: Translator, to: string, name: string, title: string, paid: Money, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.planDefaulted.subject', { title }),
      name,
      paragraphs: [t.t('mail.planDefaulted.body', { title, paid: amountWithCents(t, paid) })],
      action: { label: t.t('mail.action.viewTheProject'), url },
    }),
  /** `chargeOn` is the day the card is charged, null when the campaign has no end date yet. */
  pledgeConfirmed: (
    t: Translator,
    to: string,
    name: string,
    title: string,
    amount: Money,
    chargeOn: string | null,
    url: string,
  ) => {
    const written = amountWithCents(t, amount);
    return render(t, {
      to,
      subject: t.t('mail.pledgeConfirmed.subject', { title }),
      name,
      paragraphs: [
        t.t('mail.pledgeConfirmed.body', { title, amount: written }),
        chargeOn
          ? t.t('mail.pledgeConfirmed.charge', { amount: written, date: t.calendarDate(chargeOn) })
          : t.t('mail.pledgeConfirmed.chargeAfterEnd', { amount: written }),
      ],
      action: { label: t.t('mail.action.managePledge'), url },
    });
  },
  pledgeChanged: (
    t: Translator,
    to: string,
    name: string,
    title: string,
    pledge: { amount: Money; reward: string | null },
    url: string,
  ) =>
    render(t, {
      to,
      subject: t.t('mail.pledgeChanged.subject', { title }),
      name,
      paragraphs: [
        t.t('mail.pledgeChanged.body', {
          title,
          amount: amountWithCents(t, pledge.amount),
          hasReward: pledge.reward === null ? 'no' : 'yes',
          reward: pledge.reward ?? '',
        }),
        t.t('mail.pledgeChanged.nothingCharged'),
      ],
      action: { label: t.t('mail.action.managePledge'), url },
      footer: t.t('mail.pledgeChanged.footer'),
    }),
  pledgeCanceled: (t: Translator, to: string, name: string, title: string, amount: Money, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.pledgeCanceled.subject', { title }),
      name,
      paragraphs: [
        t.t('mail.pledgeCanceled.body', { title, amount: amountWithCents(t, amount) }),
        t.t('mail.pledgeCanceled.again'),
      ],
      action: { label: t.t('mail.action.viewTheProject'), url },
    }),
  /** `code` is why the card was declined, as the pledge stores it (shared declineMessage). */
  paymentFailed: (
    t: Translator,
    to: string,
    name: string,
    title: string,
    charge: { amount: Money; code: string | null },
    fixBy: string,
    url: string,
  ) =>
    render(t, {
      to,
      subject: t.t('mail.paymentFailed.subject', { title }),
      name,
      paragraphs: [
        t.t('mail.paymentFailed.body', { title, amount: amountWithCents(t, charge.amount) }),
        t.t(declineMessage(charge.code)),
        t.t('mail.paymentFailed.fix', { date: t.calendarDate(fixBy) }),
      ],
      action: { label: t.t('mail.paymentFailed.action'), url },
    }),
  pledgeDropped: (t: Translator, to: string, name: string, title: string, amount: Money, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.pledgeDropped.subject', { title }),
      name,
      paragraphs: [t.t('mail.pledgeDropped.body', { title, amount: amountWithCents(t, amount) })],
      action: { label: t.t('mail.action.viewTheProject'), url },
    }),
  /** To a creator: `message` is the campaign's outcome, as their notification says it. */
  campaignResult: (t: Translator, to: string, name: string, message: KeyedMessage, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.campaignResult.subject'),
      name,
      paragraphs: [writeMessage(t, message)],
      action: { label: t.t('mail.action.viewYourProject'), url },
    }),
  /**
   * To a backer: their campaign was put on hold (DESIGN.md §18) or goes on again; `message` says it as their
   * notification does, and `url` is their Backed Projects, where the pledge can be cancelled.
   */
  campaignHold: (
    t: Translator,
    to: string,
    name: string,
    outcome: 'held' | 'resumed',
    message: KeyedMessage,
    url: string,
  ) =>
    render(t, {
      to,
      subject: t.t(outcome === 'held' ? 'mail.campaignHold.subject' : 'mail.campaignHold.resumedSubject'),
      name,
      paragraphs: [writeMessage(t, message)],
      action: { label: t.t('mail.action.managePledge'), url },
    }),
  /** A campaign ended early (DESIGN.md §18): to a backer or its creator, saying what its notification says. */
  campaignEndedEarly: (
    t: Translator,
    to: string,
    name: string,
    ending: 'canceled' | 'suspended',
    message: KeyedMessage,
    action: { label: 'managePledge' | 'viewYourProject'; url: string },
  ) =>
    render(t, {
      to,
      subject: t.t(
        ending === 'canceled' ? 'mail.campaignEnded.canceledSubject' : 'mail.campaignEnded.suspendedSubject',
      ),
      name,
      paragraphs: [writeMessage(t, message)],
      action: { label: t.t(`mail.action.${action.label}`), url: action.url },
    }),
  /** To a creator: `message` is the payout's outcome, as their notification says it. */
  payout: (t: Translator, to: string, name: string, message: KeyedMessage, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.payout.subject'),
      name,
      paragraphs: [writeMessage(t, message)],
      action: { label: t.t('mail.action.viewYourProject'), url },
    }),
  /** To a creator, about a pledge to their project (governed by email_pledges). */
  creatorPledge: (
    t: Translator,
    to: string,
    name: string,
    subject: KeyedMessage,
    message: KeyedMessage,
    url: string,
  ) =>
    render(t, {
      to,
      subject: writeMessage(t, subject),
      name,
      paragraphs: [writeMessage(t, message)],
      action: { label: t.t('mail.action.viewYourProject'), url },
      footer: t.t('mail.layout.settingsFooter'),
    }),
  /**
   * A project has launched (DESIGN.md §19, governed by email_launches): to each person who asked to be told, saved it,
   * or follows its creator, once; `endsOn` is its end date.
   */
  projectLaunched: (t: Translator, to: string, name: string, title: string, endsOn: string, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.projectLaunched.subject', { title }),
      name,
      paragraphs: [t.t('mail.projectLaunched.body', { title, date: t.calendarDate(endsOn) })],
      action: { label: t.t('mail.action.seeTheProject'), url },
      footer: t.t('mail.layout.settingsFooter'),
    }),
  /** 48 hours left on a saved project not backed yet (governed by email_reminders). */
  savedProjectEnding: (t: Translator, to: string, name: string, title: string, url: string) =>
    render(t, {
      to,
      subject: t.t('mail.savedProjectEnding.subject', { title }),
      name,
      paragraphs: [t.t('mail.savedProjectEnding.body', { title })],
      action: { label: t.t('mail.action.seeTheProject'), url },
      footer: t.t('mail.layout.settingsFooter'),
    }),
  passwordChanged: (t: Translator, to: string, name: string) =>
    render(t, {
      to,
      subject: t.t('mail.passwordChanged.subject'),
      name,
      paragraphs: [t.t('mail.passwordChanged.body')],
      footer: t.t('mail.passwordChanged.footer'),
    }),
  /** A creator's update, to its backers (and, when public, to those who saved the project): email_updates. */
  projectUpdate: (
    t: Translator,
    to: string,
    name: string,
    project: string,
    update: { number: number; title: string; excerpt: string; author: string },
    url: string,
  ) => {
    const values = { project, number: update.number, title: update.title };
    return render(t, {
      to,
      subject: t.t('mail.projectUpdate.subject', values),
      name,
      paragraphs: [
        t.t('mail.projectUpdate.body', values),
        update.excerpt,
        // Signed by the person who wrote it and the project (DESIGN.md §19).
        t.t('mail.projectUpdate.signature', { author: update.author, project }),
      ],
      action: { label: t.t('mail.projectUpdate.action'), url },
      footer: t.t('mail.projectUpdate.footer'),
    });
  },
  /** A stretch goal of a project the recipient backs was reached (DESIGN.md §16): email_updates. */
  stretchGoalReached: (
    t: Translator,
    to: string,
    name: string,
    project: string,
    goal: { title: string; amount: Money; description: string },
    url: string,
  ) => {
    const values = {
      project,
      goal: goal.title,
      amount: t.money(minorToMajor(goal.amount.cents, goal.amount.currency), goal.amount.currency),
    };
    return render(t, {
      to,
      subject: t.t('mail.stretchGoalReached.subject', values),
      name,
      paragraphs: [
        t.t('mail.stretchGoalReached.body', values),
        ...(goal.description ? [goal.description] : []),
      ],
      action: { label: t.t('mail.stretchGoalReached.action'), url },
      footer: t.t('mail.stretchGoalReached.footer'),
    });
  },
  /** A comment on a creator's project, or a reply to someone's comment: email_comments. */
  newComment: (
    t: Translator,
    to: string,
    name: string,
    subject: KeyedMessage,
    message: KeyedMessage,
    excerpt: string,
    url: string,
  ) =>
    render(t, {
      to,
      subject: writeMessage(t, subject),
      name,
      paragraphs: [writeMessage(t, message), t.t('mail.newComment.quote', { excerpt })],
      action: { label: t.t('mail.newComment.action'), url },
      footer: t.t('mail.newComment.footer'),
    }),
  /** A new message in a thread (governed by email_messages): who wrote, about which project, and the text. */
  newMessage: (
    t: Translator,
    to: string,
    name: string,
    from: string,
    title: string,
    body: string,
    url: string,
  ) =>
    render(t, {
      to,
      subject: t.t('mail.newMessage.subject', { name: from, title }),
      name,
      paragraphs: [t.t('mail.newMessage.body', { name: from, title }), body],
      action: { label: t.t('mail.newMessage.action'), url },
      footer: t.t('mail.newMessage.footer'),
    }),
};
