import { SURVEY_FILTERS } from '../messages/surveys';
import { z } from 'zod';
import { CONVERSATION_MESSAGES, MESSAGE_BODY_MAX } from '../messages/conversations';
import { DONATION_STATUSES } from '../rules/pledges';
import { COUNTRY_CODES } from '../rules/countries';
import { pageMeta, pageQueryFields } from './common';
import { FULFILMENT_FILTERS } from './tools';

/** A message's text: plain text, trimmed, 1 to 5,000 characters; stored and shown as text, never HTML. */
export const messageBody = z
  .string({ error: CONVERSATION_MESSAGES.bodyRequired })
  .trim()
  .min(1, CONVERSATION_MESSAGES.bodyRequired)
  .max(MESSAGE_BODY_MAX, CONVERSATION_MESSAGES.bodyTooLong);

export const messageRequest = z.strictObject({ body: messageBody });
export type MessageRequest = z.infer<typeof messageRequest>;

export const threadParams = z.object({ threadId: z.coerce.number().int().positive() });

export const threadsQuery = z.object(pageQueryFields(20));
export const threadMessagesQuery = z.object(pageQueryFields(50));

export const openThreadResponse = z.object({
  data: z.object({ thread_id: z.number().int() }),
  message: z.string(),
});

const person = z.object({ id: z.number().int(), name: z.string() });

export const threadSummary = z.object({
  id: z.number().int(),
  project: z.object({ id: z.number().int(), title: z.string() }),
  other: person,
  /** The newest message: its start, who wrote it and when; null for a thread without one yet. */
  last_message: z
    .object({ body: z.string(), author_id: z.number().int(), created_at: z.string() })
    .nullable(),
  unread_count: z.number().int(),
  /** Whether the caller blocked the other party. */
  blocked: z.boolean(),
});
export type ThreadSummary = z.infer<typeof threadSummary>;

export const threadsResponse = z.object({
  data: z.object({ threads: z.array(threadSummary) }),
  meta: pageMeta.extend({ unread: z.number().int() }),
});
export type ThreadsPage = z.infer<typeof threadsResponse>;

export const threadMessage = z.object({
  id: z.number().int(),
  body: z.string(),
  author: person,
  created_at: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessage>;

export const threadResponse = z.object({
  data: z.object({ thread: threadSummary, messages: z.array(threadMessage) }),
  meta: pageMeta,
});
export type ThreadPage = z.infer<typeof threadResponse>;

export const postMessageResponse = z.object({ data: threadMessage, message: z.string() });

/** Whom a bulk message reaches (DESIGN.md §17): the backer list's filters. */
export const bulkMessageFilter = z.strictObject({
  reward_id: z.number().int().positive().optional(),
  /** Backers whose live or collected pledge holds this add-on (DESIGN.md §16). */
  add_on_id: z.number().int().positive().optional(),
  status: z.enum(DONATION_STATUSES).optional(),
  country: z.enum(COUNTRY_CODES).optional(),
  survey: z.enum(SURVEY_FILTERS).optional(),
  fulfilment: z.enum(FULFILMENT_FILTERS).optional(),
});
export type BulkMessageFilter = z.infer<typeof bulkMessageFilter>;

export const bulkMessageRequest = z.strictObject({
  body: messageBody,
  filter: bulkMessageFilter.default({}),
});
export type BulkMessageRequest = z.infer<typeof bulkMessageRequest>;

export const bulkMessageResponse = z.object({
  data: z.object({ recipients: z.number().int() }),
  message: z.string(),
});
