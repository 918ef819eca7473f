import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADD_ON_MESSAGES,
  addOnListResponse,
  addOnRequest,
  addOnResponse,
  idParam,
  MAX_IMAGE_BYTES,
  messageResponse,
} from '@fundry/shared';
import { AppError } from '../../errors';
import { currentUser } from '../auth/authenticate';
import type { AddOnService } from './add-ons.service';

const tags = ['add-ons'];
const addOnParams = z.object({
  id: z.coerce.number().int().positive(),
  addOnId: z.coerce.number().int().positive(),
});

/** Reads the one `image` file of a multipart upload, refused past 5 MB as it streams in; its bytes are checked later. */
async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'api.users.sendMultipart');
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0 },
    }) as AsyncIterable<Multipart>) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'image') {
        throw new AppError('VALIDATION_ERROR', 'api.users.unknownFile', undefined, undefined, {
          field: part.fieldname,
        });
      }
      if (bytes.length > 0) image = bytes;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', ADD_ON_MESSAGES.imageSize, {
        image: [ADD_ON_MESSAGES.imageSize],
      });
    }
    throw error;
  }
  if (!image) {
    throw new AppError('VALIDATION_ERROR', ADD_ON_MESSAGES.imageMissing, {
      image: [ADD_ON_MESSAGES.imageMissing],
    });
  }
  return image;
}

/** DESIGN.md §16: `projects/{id}/add-ons`. */
export const addOnRoutes: FastifyPluginAsyncZod<{ addOns: AddOnService }> = async (app, { addOns }) => {
  app.get(
    '/:id/add-ons',
    {
      onRequest: app.optionalUser,
      schema: { tags, summary: 'A project’s add-ons', params: idParam, response: { 200: addOnListResponse } },
    },
    async (request) => ({ data: await addOns.list(request.params.id, request.auth) }),
  );

  app.post(
    '/:id/add-ons',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Create an add-on',
        params: idParam,
        body: addOnRequest,
        response: { 201: addOnResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await addOns.create(request.params.id, currentUser(request), request.body),
        message: app.translators.ofApiRequest(request).t('api.addOns.created'),
      }),
  );

  app.put(
    '/:id/add-ons/:addOnId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Update an add-on',
        params: addOnParams,
        body: addOnRequest,
        response: { 200: addOnResponse },
      },
    },
    async (request) => ({
      data: await addOns.update(
        request.params.id,
        request.params.addOnId,
        currentUser(request),
        request.body,
      ),
      message: app.translators.ofApiRequest(request).t('api.addOns.updated'),
    }),
  );

  app.delete(
    '/:id/add-ons/:addOnId',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Delete an add-on', params: addOnParams, response: { 200: messageResponse } },
    },
    async (request) => {
      await addOns.remove(request.params.id, request.params.addOnId, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t('api.addOns.deleted') };
    },
  );

  app.put(
    '/:id/add-ons/:addOnId/image',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Set an add-on’s picture (multipart: one `image` file, JPEG, PNG or GIF by its bytes, 5 MB at most)',
        consumes: ['multipart/form-data'],
        params: addOnParams,
        response: { 200: addOnResponse },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const image = await readImageUpload(request);
      return {
        data: await addOns.setImage(request.params.id, request.params.addOnId, caller, image),
        message: app.translators.ofApiRequest(request).t('api.addOns.updated'),
      };
    },
  );

  app.delete(
    '/:id/add-ons/:addOnId/image',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Remove an add-on’s picture',
        params: addOnParams,
        response: { 200: addOnResponse },
      },
    },
    async (request) => ({
      data: await addOns.setImage(request.params.id, request.params.addOnId, currentUser(request), null),
      message: app.translators.ofApiRequest(request).t('api.addOns.updated'),
    }),
  );
};
