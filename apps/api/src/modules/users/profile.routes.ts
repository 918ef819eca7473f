import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  dataExportResponse,
  idParam,
  MAX_PROFILE_PHOTO_BYTES,
  messageResponse,
  permissionsResponse,
  PROFILE_PHOTO_MESSAGES,
  profileLocaleRequest,
  profileResponse,
  profileUpdateRequest,
  publicProfileResponse,
  userProfile,
} from '@fundry/shared';
import { z } from 'zod';
import { AppError, zodValidationError } from '../../errors';
import { parseRequest } from '../../validation';
import { currentUser } from '../auth/authenticate';
import { sniffImage } from '../media/images';
import type { UserService } from './users.service';

const tags = ['profile'];

/** Reads the multipart profile form: text fields, and the photo checked by its bytes. */
async function readProfileForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'api.users.sendMultipart');
  }
  const fields: Record<string, string> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_PROFILE_PHOTO_BYTES, files: 1, fields: 20, fieldSize: 10_000 },
    }) as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'profile_image') {
          throw new AppError('VALIDATION_ERROR', 'api.users.unknownFile', undefined, undefined, {
            field: part.fieldname,
          });
        }
        if (bytes.length > 0) photo = bytes;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', PROFILE_PHOTO_MESSAGES.size, {
        profile_image: [PROFILE_PHOTO_MESSAGES.size],
      });
    }
    throw error;
  }
  const parsed = parseRequest(profileUpdateRequest, fields);
  if (!parsed.success) throw zodValidationError(parsed.error.issues);
  if (photo && !(await sniffImage(photo))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROFILE_PHOTO_MESSAGES.type, {
      profile_image: [PROFILE_PHOTO_MESSAGES.type],
    });
  }
  return { changes: parsed.data, photo };
}

export const profileRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'My profile', response: { 200: profileResponse } },
    },
    async (request) => ({ data: { user: await users.getProfile(currentUser(request).userId) } }),
  );

  app.get(
    '/export',
    {
      onRequest: app.requireUser,
      // Reads every table about the person: a few downloads an hour is all anyone needs.
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Download everything held about me (a JSON attachment)',
        response: { 200: dataExportResponse },
      },
    },
    async (request, reply) => {
      const data = await users.exportData(currentUser(request).userId, app.translators.ofApiRequest(request));
      const day = data.exported_at.slice(0, 10);
      void reply
        .header('content-disposition', `attachment; filename="fundry-data-${data.account.id}-${day}.json"`)
        .header('cache-control', 'no-store');
      return { data };
    },
  );

  app.put(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Update my profile (multipart: text fields and an optional profile_image file), or only my language (JSON {locale})',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ message: z.string(), data: z.object({ user: userProfile }) }) },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      if (!request.isMultipart() && request.headers['content-type']?.startsWith('application/json')) {
        const parsed = parseRequest(profileLocaleRequest, request.body);
        if (!parsed.success) throw zodValidationError(parsed.error.issues);
        return {
          message: app.translators.ofApiRequest(request).t('api.users.profileUpdated'),
          data: { user: await users.updateLocale(userId, parsed.data.locale) },
        };
      }
      const { changes, photo } = await readProfileForm(request);
      const user = await users.updateProfile(userId, changes, photo);
      return { message: app.translators.ofApiRequest(request).t('api.users.profileUpdated'), data: { user } };
    },
  );

  app.delete(
    '/',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Delete my account', response: { 200: messageResponse } },
    },
    async (request) => {
      await users.deleteAccount(currentUser(request).userId);
      return { message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.accountDeleted) };
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: "A creator's public profile",
        params: idParam,
        response: { 200: publicProfileResponse },
      },
    },
    async (request) => ({
      data: { user: await users.getPublicProfile(request.params.id, request.auth?.userId) },
    }),
  );
};

export const rolePermissionRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.get(
    '/:userId/permissions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['roles'],
        summary: 'Roles and permissions of a user (self or admin)',
        params: z.object({ userId: z.coerce.number().int().positive() }),
        response: { 200: permissionsResponse },
      },
    },
    async (request) => ({ data: await users.permissionsOf(currentUser(request), request.params.userId) }),
  );
};
