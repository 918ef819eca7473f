import { z } from 'zod';
import { MAIL_PREFERENCES } from '../messages/preferences';

export const preferences = z.object({
  email_updates: z.boolean(),
  email_comments: z.boolean(),
  email_pledges: z.boolean(),
  email_reminders: z.boolean(),
  email_messages: z.boolean(),
  email_launches: z.boolean(),
});
export type Preferences = z.infer<typeof preferences>;

/** PUT users/me/preferences: any of them; those left out keep their value. */
export const updatePreferencesRequest = preferences.partial().strict();
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequest>;

export const preferencesResponse = z.object({ data: z.object({ preferences }) });

export const unsubscribeQuery = z.object({ token: z.string().min(1).max(1000) });

export const unsubscribeResponse = z.object({
  data: z.object({ preference: z.enum(MAIL_PREFERENCES), title: z.string() }),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResponse>;
