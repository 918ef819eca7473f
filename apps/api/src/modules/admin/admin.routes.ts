import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSummaryResponse,
  type FiledReport,
  type ReportRequest,
  auditLogQuery,
  auditLogResponse,
  idParam,
  optionalReasonRequest,
  projectResponse,
  queueQuery,
  queueResponse,
  reasonRequest,
  reportRequest,
  reportResponse,
  reportsQuery,
  reportsResponse,
  resolvedReportResponse,
  resolveReportRequest,
  TOOLS_MESSAGES,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { AccessClaims } from '../auth/tokens';
import type { AdminService } from './admin.service';
import type { ReportService } from './reports.service';

const tags = ['admin'];

/** The admin area (Admin only; every route checks the role on the server). */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; reports: ReportService }> = async (
  app,
  { admin, reports },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/summary',
    { schema: { tags, summary: 'Counts of each queue', response: { 200: adminSummaryResponse } } },
    async (request) => ({ data: await admin.summary(currentUser(request)) }),
  );

  app.get(
    '/queues/pending',
    {
      schema: {
        tags,
        summary: 'Projects waiting for review, oldest submission first',
        querystring: queueQuery,
        response: { 200: queueResponse },
      },
    },
    async (request) => admin.pending(currentUser(request), request.query.page, request.query.per_page),
  );

  app.get(
    '/queues/featured-requests',
    {
      schema: {
        tags,
        summary: 'Projects whose creator asked to be featured',
        querystring: queueQuery,
        response: { 200: queueResponse },
      },
    },
    async (request) =>
      admin.featuredRequests(currentUser(request), request.query.page, request.query.per_page),
  );

  app.post(
    '/projects/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending or active project with a reason (shown to the creator)',
        params: idParam,
        body: reasonRequest,
        response: { 200: projectResponse },
      },
    },
    async (request) => ({
      data: await admin.reject(currentUser(request), request.params.id, request.body.reason),
      message: app.translators.ofApiRequest(request).t('api.admin.projectRejected'),
    }),
  );

  app.post(
    '/projects/:id/activate',
    {
      schema: {
        tags,
        summary: 'Activate a pending or rejected project',
        params: idParam,
        body: optionalReasonRequest,
        response: { 200: projectResponse },
      },
    },
    async (request) => ({
      data: await admin.activate(currentUser(request), request.params.id, request.body?.reason),
      message: app.translators.ofApiRequest(request).t('api.projects.activated'),
    }),
  );

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary:
          'Reported projects, comments, messages and people, each once with every report of it (open: oldest first)',
        querystring: reportsQuery,
        response: { 200: reportsResponse },
      },
    },
    async (request) =>
      reports.list(currentUser(request), request.query.status, request.query.page, request.query.per_page),
  );

  app.post(
    '/reports/:id/resolve',
    {
      schema: {
        tags,
        summary:
          'Resolve a reported thing through any of its reports: dismiss (a hidden comment is shown again), reject its project, or remove its comment',
        params: idParam,
        body: resolveReportRequest,
        response: { 200: resolvedReportResponse },
      },
    },
    async (request) => ({
      data: await reports.resolve(currentUser(request), request.params.id, request.body),
      message: app.translators.ofApiRequest(request).t('api.admin.reportResolved'),
    }),
  );

  app.get(
    '/audit-log',
    {
      schema: {
        tags,
        summary: 'Every admin action: who, what, when and why (newest first)',
        querystring: auditLogQuery,
        response: { 200: auditLogResponse },
      },
    },
    async (request) => admin.auditLog(currentUser(request), request.query),
  );
};

/**
 * Reports by any signed-in person: POST projects/{id}/report, comments/{id}/report and users/{id}/report, with
 * `{reason, category?}`, once each (a second answers 409).
 */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (app, { reports }) => {
  type File = (caller: AccessClaims, id: number, request: ReportRequest) => Promise<FiledReport>;
  const targets: [string, string, File][] = [
    [
      '/projects/:id/report',
      'Report a project to the administrators (once per person)',
      (caller, id, request) => reports.reportProject(caller, id, request),
    ],
    [
      '/comments/:id/report',
      'Report a comment to the administrators (once per person)',
      (caller, id, request) => reports.reportComment(caller, id, request),
    ],
    [
      '/users/:id/report',
      'Report a person to the administrators (once per person)',
      (caller, id, request) => reports.reportUser(caller, id, request),
    ],
  ];
  for (const [path, summary, file] of targets) {
    app.post(
      path,
      {
        onRequest: app.requireUser,
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['reports'],
          summary,
          params: idParam,
          body: reportRequest,
          response: { 201: reportResponse },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await file(currentUser(request), request.params.id, request.body),
          message: app.translators.ofApiRequest(request).t(TOOLS_MESSAGES.reported),
        }),
    );
  }
};
