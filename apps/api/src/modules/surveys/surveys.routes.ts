import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backerSurveyRequest,
  backerSurveyResponse,
  idParam,
  surveyRequest,
  surveyResponse,
} from '@fundry/shared';
import { writeMessage } from '../../i18n';
import { currentUser } from '../auth/authenticate';
import type { SurveyAnswerService } from './survey-answers.service';
import type { SurveyService } from './surveys.service';

const tags = ['surveys'];

/** DESIGN.md §17: the creator's `projects/{id}/survey` and the backer's `backers/donations/{id}/survey`. */
export const surveyRoutes: FastifyPluginAsyncZod<{
  surveys: SurveyService;
  answers: SurveyAnswerService;
}> = async (app, { surveys, answers }) => {
  const t = (request: Parameters<typeof app.translators.ofApiRequest>[0]) =>
    app.translators.ofApiRequest(request).t;

  app.get(
    '/projects/:id/survey',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The backer survey of my project',
        params: idParam,
        response: { 200: surveyResponse },
      },
    },
    async (request) => ({ data: await surveys.get(request.params.id, currentUser(request)) }),
  );

  app.put(
    '/projects/:id/survey',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Write the survey’s questions (the whole set)',
        params: idParam,
        body: surveyRequest,
        response: { 200: surveyResponse },
      },
    },
    async (request) => ({
      data: await surveys.put(request.params.id, currentUser(request), request.body),
      message: t(request)('msg.survey.updated'),
    }),
  );

  app.post(
    '/projects/:id/survey/send',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Send the survey to every collected backer',
        params: idParam,
        response: { 200: surveyResponse },
      },
    },
    async (request) => ({
      data: await surveys.send(request.params.id, currentUser(request)),
      message: t(request)('msg.survey.sent'),
    }),
  );

  app.post(
    '/projects/:id/survey/lock',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Lock the survey: no more changes',
        params: idParam,
        response: { 200: surveyResponse },
      },
    },
    async (request) => ({
      data: await surveys.lock(request.params.id, currentUser(request)),
      message: t(request)('msg.survey.lockedDone'),
    }),
  );

  app.get(
    '/backers/donations/:id/survey',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The survey of my pledge',
        params: idParam,
        response: { 200: backerSurveyResponse },
      },
    },
    async (request) => ({ data: await answers.backerGet(request.params.id, currentUser(request)) }),
  );

  app.put(
    '/backers/donations/:id/survey',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Answer the survey of my pledge (and buy add-ons with its saved card)',
        params: idParam,
        body: backerSurveyRequest,
        response: { 200: backerSurveyResponse },
      },
    },
    async (request) => {
      const result = await answers.backerPut(request.params.id, currentUser(request), request.body);
      return { ...result, message: writeMessage(app.translators.ofApiRequest(request), result.message) };
    },
  );
};
