import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  type MessageValues,
  type Translator,
} from '@fundry/shared';
import { z } from 'zod';
import { issueMessage } from './validation';

/** A message that is an argument of another ("The project is incomplete: {problem}"), written in its language. */
export class NestedMessage {
  constructor(readonly key: string) {}
}

/** A list as an argument of a message ("USD, EUR and JPY"), joined as the caller's language joins one. */
export class ListedValues {
  constructor(readonly items: readonly string[]) {}
}

/** A moment as an argument of a message ("silenced until {until}"), written as the caller's language writes one. */
export class MomentValue {
  constructor(readonly moment: Date) {}
}

/**
 * The one error type services throw; the handler below turns it into the DESIGN.md §3 body. Its message, and
 * each message of its details, is a catalog key (or a text shown as it is), written in the caller's language
 * when the answer goes out (DESIGN.md §14).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string[] | number>,
    readonly headers?: Record<string, string>,
    /** The arguments of the message. */
    readonly values?: MessageValues,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }

  /** The answer's body in the translator's language. */
  bodyIn(translator: Translator): ErrorBody {
    const values =
      this.values &&
      Object.fromEntries(
        Object.entries(this.values).map(([name, value]) => [
          name,
          value instanceof NestedMessage
            ? translator.t(value.key)
            : value instanceof ListedValues
              ? translator.list(value.items)
              : value instanceof MomentValue
                ? translator.formatDate(value.moment, 'dateTimeUtc')
                : value,
        ]),
      );
    const body: ErrorBody = { error: this.code, message: translator.t(this.message, values) };
    if (this.details) {
      body.details = Object.fromEntries(
        Object.entries(this.details).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.map((text) => translator.t(text, values)) : value,
        ]),
      );
    }
    return body;
  }
}

/** What a 404 can be about: each has its own sentence in the catalogs (`api.notFound.*`). */
type Missing =
  | 'addOn'
  | 'category'
  | 'comment'
  | 'donation'
  | 'file'
  | 'fxRates'
  | 'notification'
  | 'pledge'
  | 'profile'
  | 'project'
  | 'question'
  | 'report'
  | 'resource'
  | 'reward'
  | 'sitemap'
  | 'thread'
  | 'stretchGoal'
  | 'survey'
  | 'update'
  | 'user';

export const notFound = (what: Missing = 'resource') => new AppError('NOT_FOUND', `api.notFound.${what}`);
/** No route answers this method and address (its query left out). */
export const routeNotFound = (request: { method: string; url: string }) =>
  new AppError('NOT_FOUND', 'api.notFound.route', undefined, undefined, {
    method: request.method,
    path: request.url.split('?')[0]!,
  });
export const forbidden = (message = 'api.error.forbidden') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'api.error.unauthorized') => new AppError('UNAUTHORIZED', message);
export const validationError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { [field]: [message] });

/** The generic code for a framework error of a given status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

/** Fastify's own errors, in words fit for a person. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'api.error.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'api.error.emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'api.error.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'api.error.mediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'api.error.contentLength',
  FST_REQ_FILE_TOO_LARGE: 'api.error.fileTooLarge',
  FST_FILES_LIMIT: 'api.error.tooManyFiles',
  FST_PARTS_LIMIT: 'api.error.tooManyParts',
  FST_FIELDS_LIMIT: 'api.error.tooManyFields',
  FST_PROTO_VIOLATION: 'api.error.fieldName',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'api.error.notMultipart',
};

function send(reply: FastifyReply, status: number, body: ErrorBody, headers?: Record<string, string>) {
  if (headers) void reply.headers(headers);
  return reply.status(status).type('application/json').send(body);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const translator = reply.server.translators.ofApiRequest(request);
  // A route schema's failure comes as the ZodError itself (validation.ts).
  const known = error instanceof z.ZodError ? zodValidationError(error.issues) : error;
  if (known instanceof AppError) return send(reply, known.status, known.bodyIn(translator), known.headers);

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    const message = translator.t(FRAMEWORK_MESSAGES[error.code] ?? error.message);
    const headers =
      status === 429 ? { 'retry-after': String(reply.getHeader('retry-after') ?? 60) } : undefined;
    return send(reply, status, { error: code, message }, headers);
  }
  if (status === 503) {
    return send(
      reply,
      503,
      { error: 'SERVICE_UNAVAILABLE', message: translator.t('api.error.busy') },
      { 'retry-after': String(reply.getHeader('retry-after') ?? 10) },
    );
  }

  if (isDatabaseUnreachable(error)) {
    request.log.warn({ err: error }, 'data store unreachable');
    return send(
      reply,
      503,
      { error: 'SERVICE_UNAVAILABLE', message: translator.t('api.error.storeUnreachable') },
      { 'retry-after': '5' },
    );
  }

  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, { error: 'INTERNAL_ERROR', message: translator.t('api.error.internal') });
}

/** PostgreSQL's classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, starting up). */
const UNREACHABLE_SQLSTATE = /^(08|57P)/;
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** A socket error of a connection that was refused, lost or never made: the other side is away. */
export const isUnreachableSocketError = (code: string | undefined) =>
  UNREACHABLE_SOCKET_CODES.has(code ?? '');
/** node-postgres reports a lost or never-made connection by message only. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** The database (or another store) is down or cut off: not the request's fault, and worth a retry shortly. */
export function isDatabaseUnreachable(error: { code?: string; message: string }): boolean {
  const code = error.code ?? '';
  return (
    UNREACHABLE_SQLSTATE.test(code) ||
    isUnreachableSocketError(code) ||
    UNREACHABLE_MESSAGES.some((message) => error.message.startsWith(message))
  );
}

/**
 * A request that failed its zod schema: the 400 body with every issue under its field, the first also as the
 * message ("field: message"). Each is written from its issue when the answer goes out, in the caller's language.
 */
class RequestValidationError extends AppError {
  constructor(private readonly issues: readonly z.core.$ZodIssue[]) {
    super('VALIDATION_ERROR', issues[0]?.message ?? 'api.validation.invalidRequest');
  }

  override bodyIn(translator: Translator): ErrorBody {
    const details: Record<string, string[]> = {};
    for (const issue of this.issues) {
      (details[issue.path.map(String).join('.') || '_'] ??= []).push(
        issue.code === 'unrecognized_keys'
          ? translator.t('api.validation.unknownField', { fields: translator.list(issue.keys) })
          : issueMessage(issue, translator),
      );
    }
    const [field, messages] = Object.entries(details)[0] ?? [
      '_',
      [translator.t('api.validation.invalidRequest')],
    ];
    return {
      error: this.code,
      message: field === '_' ? `${messages[0]}` : `${field}: ${messages[0]}`,
      details,
    };
  }
}

/** A zod failure, from a route schema or parsed by hand (`parseRequest`: multipart fields), as the one 400. */
export const zodValidationError = (issues: readonly z.core.$ZodIssue[]): AppError =>
  new RequestValidationError(issues);
