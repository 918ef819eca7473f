import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FOLLOW_MESSAGES,
  followingQuery,
  followingResponse,
  followResponse,
  idParam,
  projectResponse,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { ProjectLifecycleService } from '../projects/project-lifecycle.service';
import type { FollowService } from './follows.service';

const tags = ['follows'];

/**
 * Following before launch (DESIGN.md §19): Notify me on launch of a project, following a creator, whom I follow, and
 * the creator's early launch that tells them all.
 */
export const followRoutes: FastifyPluginAsyncZod<{
  follows: FollowService;
  lifecycle: ProjectLifecycleService;
}> = async (app, { follows, lifecycle }) => {
  app.post(
    '/projects/:id/follow',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Notify me on launch: follow an upcoming or running project',
        params: idParam,
        response: { 200: followResponse },
      },
    },
    async (request) => ({ data: await follows.followProject(request.params.id, currentUser(request)) }),
  );

  app.delete(
    '/projects/:id/follow',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Stop following a project',
        params: idParam,
        response: { 200: followResponse },
      },
    },
    async (request) => ({ data: await follows.unfollowProject(request.params.id, currentUser(request)) }),
  );

  app.post(
    '/users/:id/follow',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Follow a creator', params: idParam, response: { 200: followResponse } },
    },
    async (request) => ({ data: await follows.followUser(request.params.id, currentUser(request)) }),
  );

  app.delete(
    '/users/:id/follow',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Stop following a creator',
        params: idParam,
        response: { 200: followResponse },
      },
    },
    async (request) => ({ data: await follows.unfollowUser(request.params.id, currentUser(request)) }),
  );

  app.get(
    '/users/me/following',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The creators I follow, the most recently followed first',
        querystring: followingQuery,
        response: { 200: followingResponse },
      },
    },
    async (request) => follows.following(currentUser(request), request.query.page, request.query.per_page),
  );

  app.post(
    '/projects/:id/launch',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Launch an upcoming project now (its creator): start date today, its length kept',
        params: idParam,
        response: { 200: projectResponse },
      },
    },
    async (request) => ({
      data: await lifecycle.launch(request.params.id, currentUser(request)),
      message: app.translators.ofApiRequest(request).t(FOLLOW_MESSAGES.launched),
    }),
  );
};
