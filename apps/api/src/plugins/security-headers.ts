import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { HEAD_SCRIPT } from '@fundry/shared';

/** The one inline script of the pages (page-head.ts), allowed by its hash. */
const headScriptHash = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", headScriptHash],
      // Mantine sets inline style attributes and a <style> element for its CSS variables.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The videos' players, and the project card the Share dialog previews (DESIGN.md §19).
      frameSrc: [
        "'self'",
        'https://www.youtube.com',
        'https://www.youtube-nocookie.com',
        'https://player.vimeo.com',
      ],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * Helmet's headers on every response. The middleware is built once: @fastify/helmet builds it again for each
 * request, re-reading the whole policy, which cost a tenth of the CPU of a cached API answer.
 */
async function securityHeadersImpl(app: FastifyInstance) {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
}

export const securityHeaders = fp(securityHeadersImpl, { name: 'fundry-security-headers' });
