import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, oembedQuery, oembedResponse } from '@fundry/shared';
import type { EmbedService } from './embeds.service';

/**
 * The card's own policy: nothing but its inline styles and https images load, no form posts, and any site may
 * frame it (DESIGN.md §19). Every other address keeps the app's `frame-ancestors 'none'`.
 */
const EMBED_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' https: data:",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** The project card another site frames, and the oEmbed answer that gives its iframe (DESIGN.md §19). */
export const embedRoutes: FastifyPluginAsyncZod<{ embeds: EmbedService }> = async (app, { embeds }) => {
  app.get('/projects/:id/embed', { schema: { hide: true, params: idParam } }, async (request, reply) => {
    const html = await embeds.card(request.params.id, app.translators.ofPageRequest(request));
    // Helmet set the app's headers as the request came in; this route alone may be framed anywhere.
    reply.raw.removeHeader('x-frame-options');
    reply.raw.setHeader('content-security-policy', EMBED_POLICY);
    reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
    return (
      reply
        .type('text/html; charset=utf-8')
        // As the public pages of §13: a shared cache may keep it a minute, per language.
        .header('cache-control', 'public, max-age=0, s-maxage=60')
        .header('vary', 'Accept-Language, Cookie')
        .send(html)
    );
  });

  app.get(
    '/api/oembed',
    {
      schema: {
        tags: ['embeds'],
        summary: 'oEmbed 1.0 for a project’s address: type rich, the card’s iframe as html (JSON only)',
        querystring: oembedQuery,
        response: { 200: oembedResponse },
      },
    },
    async (request, reply) => {
      const answer = await embeds.oembed(request.query, app.translators.ofApiRequest(request));
      return reply.header('cache-control', 'public, max-age=3600').send(answer);
    },
  );
};
