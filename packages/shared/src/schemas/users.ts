import { z } from 'zod';
import { SHIPPED_LOCALES } from '../i18n/locales';
import { INVALID_EMAIL_MESSAGE } from '../rules/password';

/** The signed-in person's own profile (SPEC §3 "User profile"). */
export const userProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  name: z.string(),
  email: z.string(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  twitter: z.string().nullable(),
  profile_image: z.string().nullable(),
  roles: z.array(z.string()),
  projects_created_count: z.number().int(),
  backed_projects_count: z.number().int(),
  /** What the person has pledged, in `currency`, the base currency (DESIGN.md §15). */
  total_donations: z.number(),
  /** What the person's own projects have raised (the dashboard's Total Raised), in `currency`. */
  total_raised: z.number(),
  currency: z.string().length(3),
  /** The totals add several currencies through their rates (or leave out one with no rate yet). */
  approximate: z.boolean(),
  created_at: z.string(),
  /** People who follow them as a creator (DESIGN.md §19). */
  followers_count: z.number().int(),
  /** The language the person chose (DESIGN.md §14); null until they choose one. */
  locale: z.enum(SHIPPED_LOCALES).nullable(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Another person's profile: the same without private fields. */
export const publicProfile = userProfile
  .omit({ email: true, roles: true, total_raised: true, locale: true })
  /** Whether the signed-in caller follows them (false signed out, and on one's own profile). */
  .extend({ following: z.boolean() });
export type PublicProfile = z.infer<typeof publicProfile>;

export const profileResponse = z.object({ data: z.object({ user: userProfile }) });
export const publicProfileResponse = z.object({ data: z.object({ user: publicProfile }) });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** PUT profile/ (multipart): the text fields; the photo comes as the `profile_image` file part. */
export const profileUpdateRequest = z.strictObject({
  full_name: z.string().trim().min(1, 'msg.auth.fullNameRequired').max(100),
  email: z.string().trim().toLowerCase().email(INVALID_EMAIL_MESSAGE).max(254),
  username: z
    .string()
    .trim()
    .min(3)
    .max(30)
    .regex(/^[A-Za-z0-9_.-]+$/)
    .optional(),
  location: optionalText(100),
  bio: optionalText(2000),
  website: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'msg.profile.websiteUrl' })])
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  twitter: optionalText(50),
  /** Checked against the languages the installation offers, which the schema cannot know. */
  locale: z.string().max(35).optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;

/** PUT profile/ as JSON: the language menu saves the signed-in person's choice alone. */
export const profileLocaleRequest = z.strictObject({ locale: z.string().max(35) });
