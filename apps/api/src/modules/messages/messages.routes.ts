import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkMessageRequest,
  bulkMessageResponse,
  CONVERSATION_MESSAGES,
  idParam,
  messageRequest,
  messageResponse,
  openThreadResponse,
  postMessageResponse,
  reportRequest,
  reportResponse,
  threadMessagesQuery,
  threadParams,
  threadResponse,
  threadsQuery,
  threadsResponse,
  TOOLS_MESSAGES,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { MessageService } from './messages.service';

const tags = ['messages'];
/** Posting is limited per person: a conversation, not a mail cannon (DESIGN.md §17). */
const POST_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Messages between people and creators (DESIGN.md §17); paths from the API root. */
export const messageRoutes: FastifyPluginAsyncZod<{ messages: MessageService }> = async (
  app,
  { messages },
) => {
  app.addHook('onRequest', app.requireUser);
  const t = (request: Parameters<typeof app.translators.ofApiRequest>[0], key: string) =>
    app.translators.ofApiRequest(request).t(key);

  app.post(
    '/projects/:id/messages',
    {
      config: POST_LIMIT,
      schema: {
        tags,
        summary: 'Write to a project’s creator (anyone signed in but the creator)',
        params: idParam,
        body: messageRequest,
        response: { 201: openThreadResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: {
          thread_id: await messages.open(request.params.id, currentUser(request), request.body.body),
        },
        message: t(request, CONVERSATION_MESSAGES.sent),
      }),
  );

  app.post(
    '/projects/:id/messages/bulk',
    {
      config: POST_LIMIT,
      schema: {
        tags,
        summary: 'Message the backers a filter selects (the creator)',
        params: idParam,
        body: bulkMessageRequest,
        response: { 200: bulkMessageResponse },
      },
    },
    async (request) => {
      const recipients = await messages.bulk(request.params.id, currentUser(request), request.body);
      return {
        data: { recipients },
        message: app.translators.ofApiRequest(request).t(CONVERSATION_MESSAGES.bulkSent, { recipients }),
      };
    },
  );

  app.get(
    '/messages',
    {
      schema: {
        tags,
        summary: 'My threads, newest activity first, and my unread count',
        querystring: threadsQuery,
        response: { 200: threadsResponse },
      },
    },
    async (request) => messages.list(currentUser(request), request.query.page, request.query.per_page),
  );

  app.get(
    '/messages/:threadId',
    {
      schema: {
        tags,
        summary: 'A thread’s messages, oldest first (its two parties); marks it read',
        params: threadParams,
        querystring: threadMessagesQuery,
        response: { 200: threadResponse },
      },
    },
    async (request) =>
      messages.read(
        request.params.threadId,
        currentUser(request),
        request.query.page,
        request.query.per_page,
      ),
  );

  app.post(
    '/messages/:threadId',
    {
      config: POST_LIMIT,
      schema: {
        tags,
        summary: 'Reply in a thread',
        params: threadParams,
        body: messageRequest,
        response: { 201: postMessageResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await messages.reply(request.params.threadId, currentUser(request), request.body.body),
        message: t(request, CONVERSATION_MESSAGES.sent),
      }),
  );

  app.post(
    '/messages/:threadId/block',
    {
      schema: {
        tags,
        summary: 'Block the other party: they can no longer write to me',
        params: threadParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await messages.block(request.params.threadId, currentUser(request));
      return { message: t(request, CONVERSATION_MESSAGES.blocked) };
    },
  );

  app.post(
    '/messages/:threadId/unblock',
    {
      schema: {
        tags,
        summary:
          'Unblock the other party: they may write to me again (nothing happens if they were not blocked)',
        params: threadParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await messages.unblock(request.params.threadId, currentUser(request));
      return { message: t(request, CONVERSATION_MESSAGES.unblocked) };
    },
  );

  app.post(
    '/messages/:threadId/report',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: [...tags, 'reports'],
        summary: 'Report the other party to the administrators, with their newest message',
        params: threadParams,
        body: reportRequest,
        response: { 201: reportResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await messages.report(request.params.threadId, currentUser(request), request.body),
        message: t(request, TOOLS_MESSAGES.reported),
      }),
  );
};
