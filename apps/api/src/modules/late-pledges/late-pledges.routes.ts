import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, LATE_PLEDGE_MESSAGES, latePledgesRequest, latePledgesResponse } from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { LatePledgeService } from './late-pledges.service';

const tags = ['late-pledges'];

/** Late pledges (DESIGN.md §16), under /projects: the creator opens or closes them. */
export const latePledgeRoutes: FastifyPluginAsyncZod<{ latePledges: LatePledgeService }> = async (
  app,
  { latePledges },
) => {
  app.put(
    '/:id/late-pledges',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Open or close late pledges after the campaign (the creator)',
        params: idParam,
        body: latePledgesRequest,
        response: { 200: latePledgesResponse },
      },
    },
    async (request) => {
      const data = await latePledges.set(request.params.id, currentUser(request), request.body);
      return {
        data,
        message: app.translators
          .ofApiRequest(request)
          .t(data.open ? LATE_PLEDGE_MESSAGES.opened : LATE_PLEDGE_MESSAGES.closed),
      };
    },
  );
};
