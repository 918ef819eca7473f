/** The mail preferences of DESIGN.md §11; every one is on until its owner turns it off. */
export const MAIL_PREFERENCES = [
  'email_updates',
  'email_comments',
  'email_pledges',
  'email_reminders',
  'email_messages',
  'email_launches',
] as const;

export type MailPreference = (typeof MAIL_PREFERENCES)[number];

/** What each preference governs, as catalog keys (settings page, unsubscribe page, mail footers). */
export const MAIL_PREFERENCE_LABELS: Record<MailPreference, { title: string; description: string }> = {
  email_updates: {
    title: 'msg.mailPreference.emailUpdates.title',
    description: 'msg.mailPreference.emailUpdates.description',
  },
  email_comments: {
    title: 'msg.mailPreference.emailComments.title',
    description: 'msg.mailPreference.emailComments.description',
  },
  email_pledges: {
    title: 'msg.mailPreference.emailPledges.title',
    description: 'msg.mailPreference.emailPledges.description',
  },
  email_reminders: {
    title: 'msg.mailPreference.emailReminders.title',
    description: 'msg.mailPreference.emailReminders.description',
  },
  email_messages: {
    title: 'msg.mailPreference.emailMessages.title',
    description: 'msg.mailPreference.emailMessages.description',
  },
  email_launches: {
    title: 'msg.mailPreference.emailLaunches.title',
    description: 'msg.mailPreference.emailLaunches.description',
  },
};

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'msg.unsubscribe.invalid',
  expired: 'msg.unsubscribe.expired',
} as const;
