import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { API_BASE_PATH, MAX_VIDEO_BYTES } from '@fundry/shared';
import type { Config } from './config';
import type { Database } from './db/database';
import type { ReplicaSet } from './db/replicas';
import type { DB } from './db/schema';
import { errorHandler, routeNotFound } from './errors';
import { loggerOptions } from './logging';
import { validatorCompiler } from './validation';
import { adminProjectRoutes, moderationRoutes } from './modules/admin/moderation.routes';
import { adminRoutes, reportRoutes } from './modules/admin/admin.routes';
import { sanctionRoutes } from './modules/sanctions/sanctions.routes';
import { blockRoutes } from './modules/blocks/blocks.routes';
import { collaboratorRoutes } from './modules/collaborators/collaborators.routes';
import { followRoutes } from './modules/follows/follows.routes';
import { pageVisitCounting, referralRoutes } from './modules/referrals/referrals.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticate } from './modules/auth/authenticate';
import { categoryRoutes } from './modules/categories/categories.routes';
import { creatorToolRoutes } from './modules/creator-tools/creator-tools.routes';
import { healthRoutes } from './modules/health/health.routes';
import { S3FileStorage } from './modules/media/s3-storage';
import { s3UploadRoutes } from './modules/media/s3-uploads.routes';
import { pageRoutes } from './modules/pages/pages.routes';
import { embedRoutes } from './modules/pages/embeds.routes';
import { ProjectChangeFeed, type ProjectChangeListener } from './modules/projects/project-changes';
import { projectRoutes } from './modules/projects/projects.routes';
import { backingRoutes } from './modules/backing/backing.routes';
import { pledgeRoutes } from './modules/pledges/pledges.routes';
import { commentRoutes } from './modules/comments/comments.routes';
import { faqRoutes } from './modules/faqs/faqs.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { updateRoutes } from './modules/updates/updates.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { preferenceRoutes, unsubscribeRoutes } from './modules/preferences/preferences.routes';
import { sandboxRoutes } from './modules/payments/sandbox.routes';
import { StripeProvider } from './modules/payments/stripe.provider';
import { webhookRoutes } from './modules/payments/webhook.routes';
import { bankAccountRoutes, payoutRoutes } from './modules/payouts/payouts.routes';
import { rewardRoutes } from './modules/rewards/rewards.routes';
import { addOnRoutes } from './modules/add-ons/add-ons.routes';
import { surveyRoutes } from './modules/surveys/surveys.routes';
import { stretchGoalRoutes } from './modules/stretch-goals/stretch-goals.routes';
import { latePledgeRoutes } from './modules/late-pledges/late-pledges.routes';
import { siteRoutes } from './modules/site/site.routes';
import { fxRateRoutes } from './modules/fx-rates/fx-rates.routes';
import type { Translators } from './i18n';
import { SiteService } from './modules/site/site.service';
import { profileRoutes, rolePermissionRoutes } from './modules/users/profile.routes';
import { earlyReplies } from './plugins/early-replies';
import { loadShedding } from './plugins/load-shedding';
import { httpMetrics } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { readRouting } from './plugins/read-routing';
import { securityHeaders } from './plugins/security-headers';
import { createServices, type ServiceOverrides, type Services } from './services';

export interface AppDeps extends ServiceOverrides {
  db: Kysely<DB>;
  /** `Database.replicas`: where `readDb` reads, watched; none: every read on `db`. */
  replicas?: ReplicaSet | null;
}

/** An open database's handles and replicas, as buildApp takes them. */
export function databaseDeps({ db, searchDb, readDb, readSearchDb, replicas }: Database): AppDeps {
  return { db, searchDb, readDb, readSearchDb, replicas };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** What tells the page cache of changes; null where nothing does (PGlite, or the cache turned off). */
    projectChanges: ProjectChangeFeed | null;
    /** The offered languages' translators: API answers, pages and mails (DESIGN.md §14). */
    translators: Translators;
  }
}

const BODY_LIMIT_BYTES = 1_048_576;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Every method a page may call the API with (the web client allows PATCH, though no route takes it yet). */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** What the web client sends (apps/web/src/lib/api-client.ts, upload.ts), and an id to trace a call by. */
const CORS_REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'x-request-id'];
/** How long a browser may reuse a preflight's answer instead of asking before every write. */
const CORS_MAX_AGE_SECONDS = 600;

/** Every change notice raises the position a replica must have replayed to fill the caches (decision 037). */
function replicaFloor(replicas: ReplicaSet): ProjectChangeListener {
  const noteChange = () => replicas.noteChange();
  return { forgetProject: noteChange, forgetCommunity: noteChange, forgetAll: noteChange, trust: noteChange };
}

/** Builds the whole HTTP application without listening, so tests drive it with `inject`. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  const services = createServices(config, deps.db, app.log, deps);
  app.decorate('translators', services.translators);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  if (config.metrics) await app.register(httpMetrics);
  await app.register(securityHeaders);
  // The largest body a request may carry: a project form with its video, and the form around it.
  await app.register(earlyReplies, { drainLimitBytes: MAX_VIDEO_BYTES + 2 * BODY_LIMIT_BYTES });
  // JSON and pages are compressed as they go out, quickly rather than tightly; the web build's files are
  // compressed once at build time and sent as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(cors, {
    // Given the list itself, the plugin would still answer an unlisted origin's preflight with the methods,
    // headers and credentials it allows; decided here, such an origin is granted nothing at all.
    origin:
      config.corsOrigins.length > 0
        ? (origin, callback) => callback(null, origin !== undefined && config.corsOrigins.includes(origin))
        : false,
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAge: CORS_MAX_AGE_SECONDS,
  });
  await app.register(loadShedding, {
    maxInFlight: config.maxInFlightRequests,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Fundry API', version: '1.0.0', description: 'The crowdfunding platform API.' },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  if (deps.replicas) await app.register(readRouting, { replicas: deps.replicas, redisUrl: config.redisUrl });
  await app.register(healthRoutes, {
    db: deps.db,
    storage: services.storage,
    replicas: deps.replicas ?? null,
  });
  app.decorate('services', services);
  const changes =
    config.database.kind === 'postgres' && config.projectCacheTtlMs > 0
      ? new ProjectChangeFeed(
          config.database.url,
          [...(deps.replicas ? [replicaFloor(deps.replicas)] : []), services.pageCache, services.pageHtml],
          app.log,
        )
      : null;
  app.decorate('projectChanges', changes);
  if (changes) {
    await changes.start();
    // Whoever changed something reads it back at once, here as on the database: the answer to a write waits until
    // this instance's cache has heard of every change committed before it.
    app.addHook('onSend', async (request, reply) => {
      if (!READ_METHODS.has(request.method) && reply.statusCode < 400) await changes.fence();
    });
    app.addHook('onClose', () => changes.close());
  }
  app.addHook('onClose', async () => {
    services.pageHtml.close();
    await services.campaignRefunds.idle();
    await services.launchNotices.settled();
    await services.mail.idle();
    services.mailTransport.close();
  });
  await app.register(multipart, {
    limits: { fileSize: 104_857_600, files: 2, fields: 40, fieldSize: 1_048_576, parts: 50 },
  });
  await services.suspendedAccounts.start();
  app.addHook('onClose', () => services.suspendedAccounts.stop());
  await app.register(authenticate, { tokens: services.tokens, suspended: services.suspendedAccounts });

  await app.register(
    async (api) => {
      await api.register(rateLimitPlugin, { config });
      await api.register(siteRoutes, {
        testMode: config.payments.provider === 'sandbox',
        currencies: { offered: config.currencies, base: config.baseCurrency },
        site: new SiteService(deps.readDb ?? deps.db, config.baseCurrency, () =>
          (deps.clock?.() ?? new Date()).getTime(),
        ),
        translators: app.translators,
      });
      await api.register(fxRateRoutes, { fxRates: services.fxRates });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth: services.auth,
        oidc: services.oidc,
        appUrl: config.appUrl,
      });
      await api.register(profileRoutes, { prefix: '/profile', users: services.users });
      await api.register(rolePermissionRoutes, { prefix: '/role-permissions', users: services.users });
      await api.register(categoryRoutes, { prefix: '/categories', service: services.categories });
      await api.register(rewardRoutes, { prefix: '/rewards', rewards: services.rewards });
      await api.register(backingRoutes, { prefix: '/backers', backing: services.backing });
      await api.register(pledgeRoutes, {
        prefix: '/backers',
        checkout: services.pledgeCheckout,
        pledges: services.pledges,
      });
      await api.register(notificationRoutes, {
        prefix: '/notifications',
        notifications: services.notifications,
      });
      await api.register(preferenceRoutes, { prefix: '/users', preferences: services.preferences });
      await api.register(unsubscribeRoutes, { preferences: services.preferences, appUrl: config.appUrl });
      await api.register(webhookRoutes, {
        prefix: '/payments',
        events: services.paymentEvents,
        payouts: services.payouts,
        stripe: services.payments.provider instanceof StripeProvider ? services.payments.provider : null,
      });
      await api.register(payoutRoutes, { prefix: '/payouts', payouts: services.payouts });
      await api.register(bankAccountRoutes, { prefix: '/bank-accounts', payouts: services.payouts });
      await api.register(adminRoutes, { prefix: '/admin', admin: services.admin, reports: services.reports });
      await api.register(reportRoutes, { reports: services.reports });
      await api.register(sanctionRoutes, { prefix: '/admin', sanctions: services.sanctions });
      await api.register(blockRoutes, { blocks: services.blocks });
      await api.register(collaboratorRoutes, { collaborators: services.collaborators });
      await api.register(followRoutes, { follows: services.follows, lifecycle: services.projectLifecycle });
      await api.register(referralRoutes, { referrals: services.referrals });
      await api.register(creatorToolRoutes, { tools: services.creatorTools });
      await api.register(projectRoutes, {
        prefix: '/projects',
        pages: services.projectPages,
        discovery: services.discovery,
        saved: services.savedProjects,
        form: services.projectForm,
        storage: services.storage,
      });
      await api.register(moderationRoutes, {
        prefix: '/projects',
        moderation: services.moderation,
        lifecycle: services.projectLifecycle,
      });
      await api.register(adminProjectRoutes, { prefix: '/admin/projects', moderation: services.moderation });
      await api.register(updateRoutes, { prefix: '/projects', updates: services.updates });
      await api.register(faqRoutes, { prefix: '/projects', faqs: services.faqs });
      await api.register(addOnRoutes, { prefix: '/projects', addOns: services.addOns });
      await api.register(stretchGoalRoutes, { prefix: '/projects', stretchGoals: services.stretchGoals });
      await api.register(latePledgeRoutes, { prefix: '/projects', latePledges: services.latePledges });
      await api.register(commentRoutes, { comments: services.comments });
      await api.register(messageRoutes, { messages: services.messages });
      await api.register(surveyRoutes, { surveys: services.surveys, answers: services.surveyAnswers });
      api.setNotFoundHandler((request) => {
        throw routeNotFound(request);
      });
    },
    { prefix: API_BASE_PATH },
  );

  if (services.payments.provider.name === 'sandbox') {
    await app.register(sandboxRoutes, {
      prefix: '/sandbox',
      db: deps.db,
      payments: services.payments,
      events: services.paymentEvents,
      payouts: services.payouts,
      cardTesting: services.cardTesting,
      appUrl: config.appUrl,
    });
  }

  if (services.storage instanceof S3FileStorage) {
    await app.register(s3UploadRoutes, { storage: services.storage });
  } else {
    mkdirSync(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: '7d',
      immutable: true,
    });
  }

  await app.register(embedRoutes, { embeds: services.embeds });
  await app.register(pageVisitCounting, { visits: services.visits });
  await app.register(pageRoutes, {
    pages: services.pages,
    htmlCache: services.pageHtml,
    webDistDir: config.webDistDir,
    appUrl: config.appUrl,
    currencies: { offered: config.currencies, base: config.baseCurrency },
    renderWorkers: config.renderWorkers,
  });

  return app;
}
