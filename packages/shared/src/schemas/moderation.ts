import { z } from 'zod';
import { MODERATION_MESSAGES } from '../messages/moderation';
import { pageMeta, pageQueryFields } from './common';

/** A creator's blocks (DESIGN.md §18): who may no longer comment on their projects or message them. */

export const blockUserRequest = z.strictObject({
  user_id: z
    .number({ error: MODERATION_MESSAGES.userIdRequired })
    .int()
    .positive(MODERATION_MESSAGES.userIdRequired),
});
export type BlockUserRequest = z.infer<typeof blockUserRequest>;

export const blockedUserParams = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

export const blockedUsersQuery = z.object(pageQueryFields());

export const blockedUser = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUser>;

export const blockedUserResponse = z.object({ data: blockedUser, message: z.string().optional() });
export const blockedUsersResponse = z.object({ data: z.array(blockedUser), meta: pageMeta });
export type BlockedUsersResponse = z.infer<typeof blockedUsersResponse>;
