/** The mail preferences of DESIGN.md §11; every one is on until its owner turns it off. */
export const MAIL_PREFERENCES = [
  'email_updates',
  'email_comments',
  'email_pledges',
  'email_reminders',
] as const;

export type MailPreference = (typeof MAIL_PREFERENCES)[number];

/** What each preference governs, as a person reads it (settings page, unsubscribe page, mail footers). */
export const MAIL_PREFERENCE_LABELS: Record<MailPreference, { title: string; description: string }> = {
  email_updates: {
    title: 'Project updates',
    description: 'E-mails when a project you back or saved posts an update.',
  },
  email_comments: {
    title: 'Comments and replies',
    description: 'E-mails about comments on your projects and replies to your comments.',
  },
  email_pledges: {
    title: 'Pledges to my projects',
    description: 'For creators: e-mails when someone pledges to your project, changes or cancels a pledge.',
  },
  email_reminders: {
    title: 'Reminders about saved projects',
    description:
      'E-mails when a project you saved launches, and 48 hours before it ends if you have not backed it.',
  },
};

export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    'This unsubscribe link is not valid. Open it again from the e-mail, or change your e-mail settings after signing in.',
  expired: 'This unsubscribe link has expired. Change your e-mail settings after signing in.',
} as const;
