import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserRecordResponse,
  adminUsersQuery,
  adminUsersResponse,
  idParam,
  silenceRequest,
  suspendRequest,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { SanctionService } from './sanctions.service';

const tags = ['admin'];

/** The admin's user directory and the sanctions on accounts (DESIGN.md §18); admins only, checked by the service. */
export const sanctionRoutes: FastifyPluginAsyncZod<{ sanctions: SanctionService }> = async (
  app,
  { sanctions },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Accounts whose name, username or e-mail contains q',
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse },
      },
    },
    async (request) => sanctions.list(currentUser(request), request.query),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: "A person's record: account, projects, pledges, reports and sanctions",
        params: idParam,
        response: { 200: adminUserRecordResponse },
      },
    },
    async (request) => ({ data: await sanctions.record(currentUser(request), request.params.id) }),
  );

  app.post(
    '/users/:id/silence',
    {
      schema: {
        tags,
        summary: 'Silence a person until a date: they read, they do not publish',
        params: idParam,
        body: silenceRequest,
        response: { 200: adminUserRecordResponse },
      },
    },
    async (request) => ({
      data: await sanctions.silence(currentUser(request), request.params.id, request.body),
      message: app.translators.ofApiRequest(request).t('api.sanctions.silencedDone'),
    }),
  );

  app.post(
    '/users/:id/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend an account',
        params: idParam,
        body: suspendRequest,
        response: { 200: adminUserRecordResponse },
      },
    },
    async (request) => ({
      data: await sanctions.suspend(currentUser(request), request.params.id, request.body),
      message: app.translators.ofApiRequest(request).t('api.sanctions.suspendedDone'),
    }),
  );

  app.post(
    '/users/:id/reinstate',
    {
      schema: {
        tags,
        summary: 'End a silence or a suspension',
        params: idParam,
        response: { 200: adminUserRecordResponse },
      },
    },
    async (request) => ({
      data: await sanctions.reinstate(currentUser(request), request.params.id),
      message: app.translators.ofApiRequest(request).t('api.sanctions.reinstatedDone'),
    }),
  );
};
