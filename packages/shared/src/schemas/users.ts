import { z } from 'zod';

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
  total_donations: z.number(),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Another person's profile: the same without private fields. */
export const publicProfile = userProfile.omit({ email: true, roles: true });
export type PublicProfile = z.infer<typeof publicProfile>;

export const profileResponse = z.object({ data: z.object({ user: userProfile }) });
export const publicProfileResponse = z.object({ data: z.object({ user: publicProfile }) });
