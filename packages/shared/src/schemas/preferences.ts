import { z } from 'zod';

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

export const preferences = z.object({
  email_updates: z.boolean(),
  email_comments: z.boolean(),
  email_pledges: z.boolean(),
  email_reminders: z.boolean(),
});
export type Preferences = z.infer<typeof preferences>;

/** PUT users/me/preferences: any of the four; those left out keep their value. */
export const updatePreferencesRequest = preferences.partial().strict();
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequest>;

export const preferencesResponse = z.object({ data: z.object({ preferences }) });

export const unsubscribeQuery = z.object({ token: z.string().min(1).max(1000) });

export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    'This unsubscribe link is not valid. Open it again from the e-mail, or change your e-mail settings after signing in.',
  expired: 'This unsubscribe link has expired. Change your e-mail settings after signing in.',
} as const;

export const unsubscribeResponse = z.object({
  data: z.object({ preference: z.enum(MAIL_PREFERENCES), title: z.string() }),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResponse>;
