import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COLLABORATOR_MESSAGES,
  collaborationsResponse,
  collaboratorParams,
  collaboratorPermissionsRequest,
  collaboratorResponse,
  collaboratorsResponse,
  COLLABORATOR_PERMISSIONS,
  idParam,
  inviteCollaboratorRequest,
  MAX_COLLABORATORS,
  messageResponse,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { CollaboratorService } from './collaborators.service';

const tags = ['collaborators'];

const invitationParams = z.object({
  id: z.coerce.number().int().positive(),
  invitationId: z.coerce.number().int().positive(),
});
const acceptedResponse = z.object({
  data: z.object({ project_id: z.number().int(), permissions: z.array(z.enum(COLLABORATOR_PERMISSIONS)) }),
  message: z.string(),
});

/** A project's team (DESIGN.md §19): its creator's calls, the invitee's answer and one's own collaborations. */
export const collaboratorRoutes: FastifyPluginAsyncZod<{ collaborators: CollaboratorService }> = async (
  app,
  { collaborators },
) => {
  const t = (request: Parameters<typeof app.translators.ofApiRequest>[0], key: string) =>
    app.translators.ofApiRequest(request).t(key);

  app.get(
    '/projects/:id/collaborators',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The project’s team and pending invitations (its creator)',
        params: idParam,
        response: { 200: collaboratorsResponse },
      },
    },
    async (request) => ({
      data: await collaborators.list(request.params.id, currentUser(request)),
      meta: { limit: MAX_COLLABORATORS },
    }),
  );

  app.post(
    '/projects/:id/collaborators',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Invite a person by e-mail with some of edit, community and fulfilment (its creator)',
        params: idParam,
        body: inviteCollaboratorRequest,
        response: { 201: collaboratorResponse },
      },
    },
    async (request, reply) => {
      const data = await collaborators.invite(
        request.params.id,
        currentUser(request),
        request.body.email,
        request.body.permissions,
      );
      return reply.status(201).send({ data, message: t(request, COLLABORATOR_MESSAGES.invited) });
    },
  );

  app.post(
    '/projects/:id/collaborators/accept',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Accept an invitation to the project’s team (the invitee)',
        params: idParam,
        response: { 200: acceptedResponse },
      },
    },
    async (request) => ({
      data: await collaborators.accept(request.params.id, currentUser(request)),
      message: t(request, COLLABORATOR_MESSAGES.accepted),
    }),
  );

  app.post(
    '/projects/:id/collaborators/decline',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Decline an invitation to the project’s team (the invitee)',
        params: idParam,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await collaborators.decline(request.params.id, currentUser(request));
      return { message: t(request, COLLABORATOR_MESSAGES.declined) };
    },
  );

  app.delete(
    '/projects/:id/collaborators/invitations/:invitationId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Withdraw an invitation, or remove a member, by its id (its creator)',
        params: invitationParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await collaborators.withdraw(request.params.id, currentUser(request), request.params.invitationId);
      return { message: t(request, COLLABORATOR_MESSAGES.removed) };
    },
  );

  app.put(
    '/projects/:id/collaborators/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change a collaborator’s permissions (its creator)',
        params: collaboratorParams,
        body: collaboratorPermissionsRequest,
        response: { 200: collaboratorResponse },
      },
    },
    async (request) => ({
      data: await collaborators.change(
        request.params.id,
        currentUser(request),
        request.params.userId,
        request.body.permissions,
      ),
      message: t(request, COLLABORATOR_MESSAGES.changed),
    }),
  );

  app.delete(
    '/projects/:id/collaborators/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Remove a collaborator, at once (its creator)',
        params: collaboratorParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await collaborators.remove(request.params.id, currentUser(request), request.params.userId);
      return { message: t(request, COLLABORATOR_MESSAGES.removed) };
    },
  );

  app.get(
    '/users/me/collaborations',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'My invitations and the projects I help with',
        response: { 200: collaborationsResponse },
      },
    },
    async (request) => ({ data: await collaborators.mine(currentUser(request)) }),
  );
};
