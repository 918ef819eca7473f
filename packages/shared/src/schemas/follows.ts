import { z } from 'zod';
import { pageMeta, pageQueryFields } from './common';

/** POST|DELETE projects/{id}/follow and users/{id}/follow: the caller's state after it, and the count they may see. */
export const followState = z.object({
  following: z.boolean(),
  /** A project's: null below 10 for anyone but its creator and admins; a creator's: exact. */
  followers_count: z.number().int().nullable(),
});
export type FollowState = z.infer<typeof followState>;
export const followResponse = z.object({ data: followState, message: z.string().optional() });

/** GET users/me/following: the creators I follow, the most recently followed first. */
export const followingQuery = z.object(pageQueryFields());
export const followedCreator = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
  bio: z.string().nullable(),
  followers_count: z.number().int(),
  followed_at: z.string(),
});
export type FollowedCreator = z.infer<typeof followedCreator>;
export const followingResponse = z.object({
  data: z.object({ users: z.array(followedCreator) }),
  meta: pageMeta,
});
export type FollowingPage = z.infer<typeof followingResponse>;
