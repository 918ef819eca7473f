import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  discoveryResponse,
  idParam,
  MAX_VIDEO_BYTES,
  projectFormFields,
  projectListQuery,
  projectListResponse,
  projectResponse,
  type ProjectResponse,
  projectRolesResponse,
  SAVE_MESSAGES,
  savedListQuery,
  saveResponse,
  shareResponse,
  typeaheadQuery,
  typeaheadResponse,
} from '@fundry/shared';
import { AppError, zodValidationError } from '../../errors';
import { parseRequest } from '../../validation';
import { currentUser } from '../auth/authenticate';
import type { FileStorage } from '../media/storage';
import { readImagePart, storeProjectImage, storeProjectVideo } from './project-media';
import type { DiscoveryService } from './discovery.service';
import type { ProjectMedia } from './project-form';
import type { ProjectFormService } from './project-form.service';
import type { ProjectPageService } from './project-page.service';
import type { SavedProjectService } from './saved-projects.service';

const tags = ['projects'];
const IMAGE_FIELDS = new Set(['image_file', 'image']);
const VIDEO_FIELDS = new Set(['video_file', 'video']);

/**
 * Reads the multipart project form. Files are checked by their bytes and stored as they stream in;
 * if anything later fails, `discard` removes them again.
 */
async function readProjectForm(request: FastifyRequest, storage: FileStorage) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'api.projects.sendMultipart');
  const fields: Record<string, string> = {};
  const media: ProjectMedia = {};
  const discard = async () => {
    await Promise.all(
      [media.image?.imageUrl, media.image?.cardUrl, media.videoUrl].flatMap((url) =>
        url ? [storage.remove(url)] : [],
      ),
    );
  };
  try {
    for await (const part of request.parts({
      // One byte over the video limit, so the size check that knows the field (and its message) trips first.
      limits: { fileSize: MAX_VIDEO_BYTES + 1, files: 2, fields: 30, fieldSize: 200_000 },
    }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (IMAGE_FIELDS.has(part.fieldname) && !media.image) {
        const bytes = await readImagePart(part.file);
        if (bytes.length > 0) media.image = await storeProjectImage(bytes, storage);
      } else if (VIDEO_FIELDS.has(part.fieldname) && !media.videoUrl) {
        if (part.filename) media.videoUrl = await storeProjectVideo(part.file, storage);
        else part.file.resume();
      } else {
        part.file.resume();
        throw new AppError('VALIDATION_ERROR', 'api.projects.unexpectedFile', undefined, undefined, {
          field: part.fieldname,
        });
      }
    }
    const parsed = parseRequest(projectFormFields, fields);
    if (!parsed.success) throw zodValidationError(parsed.error.issues);
    return { fields: parsed.data, media, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

export const projectRoutes: FastifyPluginAsyncZod<{
  pages: ProjectPageService;
  discovery: DiscoveryService;
  saved: SavedProjectService;
  form: ProjectFormService;
  storage: FileStorage;
}> = async (app, { pages, discovery, saved, form: projectForm, storage }) => {
  /** Runs a create or update with the uploaded files, removing them again if it fails. */
  const withForm = async <T>(
    request: FastifyRequest,
    run: (form: Awaited<ReturnType<typeof readProjectForm>>) => Promise<T>,
  ) => {
    const form = await readProjectForm(request, storage);
    try {
      return await run(form);
    } catch (error) {
      await form.discard();
      throw error;
    }
  };

  app.get(
    '/',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'List projects',
        querystring: projectListQuery,
        response: { 200: projectListResponse },
      },
    },
    async (request) => {
      const data = await discovery.list(request.query, request.auth);
      return {
        data,
        meta: { total: data.total, pages: data.pages, page: data.page, per_page: data.per_page },
      };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags,
        summary: 'Typeahead: at most 5 public projects whose title matches',
        querystring: typeaheadQuery,
        response: { 200: typeaheadResponse },
      },
    },
    async (request) => ({ data: { projects: await discovery.typeahead(request.query.q) } }),
  );

  app.get(
    '/discovery',
    {
      schema: {
        tags,
        summary: 'Featured and trending projects for the home page',
        response: { 200: discoveryResponse },
      },
    },
    async () => ({ data: await discovery.discovery() }),
  );

  app.get(
    '/saved',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'My saved projects',
        querystring: savedListQuery,
        response: { 200: projectListResponse },
      },
    },
    async (request) => {
      const data = await saved.saved(currentUser(request), request.query.page, request.query.per_page);
      return {
        data,
        meta: { total: data.total, pages: data.pages, page: data.page, per_page: data.per_page },
      };
    },
  );

  app.post(
    '/:id/save',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Save a project', params: idParam, response: { 200: saveResponse } },
    },
    async (request) => {
      await saved.save(request.params.id, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t(SAVE_MESSAGES.saved), data: { saved: true } };
    },
  );

  app.delete(
    '/:id/save',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Unsave a project', params: idParam, response: { 200: saveResponse } },
    },
    async (request) => {
      await saved.unsave(request.params.id, currentUser(request));
      return {
        message: app.translators.ofApiRequest(request).t(SAVE_MESSAGES.removed),
        data: { saved: false },
      };
    },
  );

  app.post(
    '/:id/share',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'Share links of a project',
        params: idParam,
        response: { 200: shareResponse },
      },
    },
    async (request) => ({
      data: await saved.share(request.params.id, request.auth, app.translators.ofApiRequest(request)),
    }),
  );

  app.post(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Create a project and submit it for review (multipart)',
        consumes: ['multipart/form-data'],
        response: { 201: projectResponse },
      },
    },
    async (request, reply) => {
      const data = await withForm(request, (form) =>
        projectForm.create(currentUser(request), form.fields, form.media, 'submit'),
      );
      return reply
        .status(201)
        .send({ data, message: app.translators.ofApiRequest(request).t('api.projects.created') });
    },
  );

  app.post(
    '/drafts',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Save a new draft (multipart)',
        consumes: ['multipart/form-data'],
        response: { 201: projectResponse },
      },
    },
    async (request, reply) => {
      const data = await withForm(request, (form) =>
        projectForm.create(currentUser(request), form.fields, form.media, 'draft'),
      );
      return reply
        .status(201)
        .send({ data, message: app.translators.ofApiRequest(request).t('api.projects.draftSaved') });
    },
  );

  app.get(
    '/drafts/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'A project for its edit form',
        params: idParam,
        response: { 200: projectResponse },
      },
    },
    async (request) => ({ data: await pages.getForEditing(request.params.id, currentUser(request)) }),
  );

  app.get(
    '/:id',
    {
      onRequest: app.optionalUser,
      schema: { tags, summary: 'Get a project', params: idParam, response: { 200: projectResponse } },
    },
    async (request, reply) =>
      request.auth
        ? { data: await pages.pageProject(request.params.id, request.auth) }
        : // Already encoded with this route's schema (`visitorAnswer`): Fastify sends a JSON string as it is.
          reply
            .type('application/json; charset=utf-8')
            .send((await pages.visitorAnswer(request.params.id)) as unknown as ProjectResponse),
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Update a project (multipart)',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: projectResponse },
      },
    },
    async (request) => {
      const data = await withForm(request, (form) =>
        projectForm.update(request.params.id, currentUser(request), form.fields, form.media),
      );
      return { data, message: app.translators.ofApiRequest(request).t('api.projects.updated') };
    },
  );

  app.get(
    '/:id/roles',
    {
      onRequest: app.optionalUser,
      schema: { tags, params: idParam, response: { 200: projectRolesResponse } },
    },
    async (request) => ({ data: await pages.roles(request.params.id, request.auth) }),
  );
};
