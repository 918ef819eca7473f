import { z } from 'zod';
import { pageMeta, pageQueryFields } from './common';
import {
  COMMENT_MAX,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  UPDATE_BODY_MAX,
  UPDATE_TITLE_MAX,
} from '../constants';
import { COMMUNITY_MESSAGES } from '../messages/community';

/** Community (DESIGN.md §11): a project's updates, the comments on it and on its updates, and its FAQ. */

export const UPDATE_VISIBILITIES = ['public', 'backers'] as const;
export type UpdateVisibility = (typeof UPDATE_VISIBILITIES)[number];

export const communityListQuery = z.object(pageQueryFields(10));
export type CommunityListQuery = z.infer<typeof communityListQuery>;

export const projectUpdateParams = z.object({
  id: z.coerce.number().int().positive(),
  updateId: z.coerce.number().int().positive(),
});
export const faqParams = z.object({
  id: z.coerce.number().int().positive(),
  faqId: z.coerce.number().int().positive(),
});

export const communityAuthor = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image: z.string().nullable(),
});

export const updateRequest = z.strictObject({
  title: z
    .string({ error: COMMUNITY_MESSAGES.titleRequired })
    .trim()
    .min(1, COMMUNITY_MESSAGES.titleRequired)
    .max(UPDATE_TITLE_MAX, COMMUNITY_MESSAGES.titleTooLong),
  body: z
    .string({ error: COMMUNITY_MESSAGES.bodyRequired })
    .min(1, COMMUNITY_MESSAGES.bodyRequired)
    .max(UPDATE_BODY_MAX, COMMUNITY_MESSAGES.bodyTooLong),
  visibility: z.enum(UPDATE_VISIBILITIES, { error: COMMUNITY_MESSAGES.visibility }),
});
export type UpdateRequest = z.infer<typeof updateRequest>;

export const projectUpdate = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  /** Sanitised rich text; null when the update is locked to the caller. */
  body: z.string().nullable(),
  visibility: z.enum(UPDATE_VISIBILITIES),
  author: communityAuthor,
  published_at: z.string(),
  edited_at: z.string().nullable(),
  comments_count: z.number().int(),
  /** A backers-only update the caller may not read: its title is shown, never its body. */
  locked: z.boolean(),
});
export type UpdateView = z.infer<typeof projectUpdate>;

export const updateListResponse = z.object({
  data: z.object({ updates: z.array(projectUpdate) }),
  meta: pageMeta,
});
export type UpdateList = z.infer<typeof updateListResponse>;
export const updateResponse = z.object({ data: projectUpdate, message: z.string().optional() });

export const commentRequest = z.strictObject({
  body: z
    .string({ error: COMMUNITY_MESSAGES.commentRequired })
    .trim()
    .min(1, COMMUNITY_MESSAGES.commentRequired)
    .max(COMMENT_MAX, COMMUNITY_MESSAGES.commentTooLong),
  parent_id: z.number().int().positive().nullish(),
});
export type CommentRequest = z.infer<typeof commentRequest>;
export const commentEditRequest = commentRequest.pick({ body: true });
export type CommentEditRequest = z.infer<typeof commentEditRequest>;

export const commentAuthor = communityAuthor.extend({
  is_creator: z.boolean(),
  /** On the project's team with `community` (DESIGN.md §19): replies for the project, named as themselves. */
  is_team: z.boolean(),
  is_backer: z.boolean(),
});
export type CommentAuthor = z.infer<typeof commentAuthor>;

const commentBase = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  update_id: z.number().int().nullable(),
  /** Plain text, shown as text; '' once removed. */
  body: z.string(),
  /** Null once removed: a tombstone names nobody. */
  author: commentAuthor.nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  removed: z.boolean(),
  /**
   * Hidden while it is reviewed (reported by enough people or by the creator) or because the creator blocked its
   * author: others get no body and no author, only this flag; its author and the admins get both with it.
   */
  hidden: z.boolean(),
});
export const commentReply = commentBase;
export type CommentReply = z.infer<typeof commentReply>;
export const comment = commentBase.extend({ replies: z.array(commentReply) });
export type Comment = z.infer<typeof comment>;

export const commentListResponse = z.object({
  data: z.object({
    comments: z.array(comment),
    /** What the caller may do here: post (creator or backer). */
    can_comment: z.boolean(),
  }),
  /** `total` counts threads (the paging unit). */
  meta: pageMeta,
});
export type CommentList = z.infer<typeof commentListResponse>;
export const commentResponse = z.object({ data: commentReply, message: z.string().optional() });

export const faqRequest = z.strictObject({
  question: z
    .string({ error: COMMUNITY_MESSAGES.questionRequired })
    .trim()
    .min(1, COMMUNITY_MESSAGES.questionRequired)
    .max(FAQ_QUESTION_MAX, COMMUNITY_MESSAGES.questionTooLong),
  answer: z
    .string({ error: COMMUNITY_MESSAGES.answerRequired })
    .trim()
    .min(1, COMMUNITY_MESSAGES.answerRequired)
    .max(FAQ_ANSWER_MAX, COMMUNITY_MESSAGES.answerTooLong),
});
export type FaqRequest = z.infer<typeof faqRequest>;
export const faq = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Faq = z.infer<typeof faq>;
export const faqListResponse = z.object({ data: z.object({ faqs: z.array(faq) }) });
export const faqResponse = z.object({ data: faq, message: z.string().optional() });
