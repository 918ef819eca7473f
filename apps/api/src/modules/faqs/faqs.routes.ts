import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMMUNITY_MESSAGES,
  faqListResponse,
  faqParams,
  faqRequest,
  faqResponse,
  idParam,
  messageResponse,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { FaqService } from './faqs.service';

const tags = ['faqs'];

/** A project's FAQ (DESIGN.md §11), under /projects. */
export const faqRoutes: FastifyPluginAsyncZod<{ faqs: FaqService }> = async (app, { faqs }) => {
  app.get(
    '/:id/faqs',
    {
      onRequest: app.optionalUser,
      schema: { tags, summary: 'A project’s FAQ', params: idParam, response: { 200: faqListResponse } },
    },
    async (request) => ({ data: { faqs: await faqs.list(request.params.id, request.auth) } }),
  );

  app.post(
    '/:id/faqs',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Add a question (the creator)',
        params: idParam,
        body: faqRequest,
        response: { 201: faqResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await faqs.create(request.params.id, currentUser(request), request.body),
        message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.faqSaved),
      }),
  );

  app.put(
    '/:id/faqs/:faqId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Edit a question (the creator)',
        params: faqParams,
        body: faqRequest,
        response: { 200: faqResponse },
      },
    },
    async (request) => ({
      data: await faqs.update(request.params.id, request.params.faqId, currentUser(request), request.body),
      message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.faqSaved),
    }),
  );

  app.delete(
    '/:id/faqs/:faqId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete a question (the creator)',
        params: faqParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await faqs.remove(request.params.id, request.params.faqId, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.faqDeleted) };
    },
  );
};
