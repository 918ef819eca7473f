import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@fundry/shared';

/** The one error type services throw; the handler below turns it into the DESIGN.md §3 body. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string[] | number>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);
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

/** Fastify's own errors whose text is fit for a person. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content length does not match the body',
  FST_REQ_FILE_TOO_LARGE: 'The uploaded file is too large',
  FST_FILES_LIMIT: 'Too many files in the request',
  FST_PARTS_LIMIT: 'Too many parts in the request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart',
};

function send(reply: FastifyReply, status: number, body: ErrorBody, headers?: Record<string, string>) {
  if (headers) void reply.headers(headers);
  return reply.status(status).type('application/json').send(body);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = hasZodFastifySchemaValidationErrors(error)
    ? zodValidationError(
        error.validation.map((issue) => ({
          path: issue.instancePath.split('/').filter(Boolean),
          code: issue.keyword,
          message: issue.message ?? 'Invalid value',
          keys: issue.params.keys,
        })),
      )
    : error;
  if (known instanceof AppError) {
    const body: ErrorBody = { error: known.code, message: known.message };
    if (known.details) body.details = known.details;
    return send(reply, known.status, body, known.headers);
  }

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
    const headers =
      status === 429 ? { 'retry-after': String(reply.getHeader('retry-after') ?? 60) } : undefined;
    return send(reply, status, { error: code, message }, headers);
  }
  if (status === 503) {
    return send(
      reply,
      503,
      { error: 'SERVICE_UNAVAILABLE', message: 'The service is busy. Please try again shortly.' },
      { 'retry-after': String(reply.getHeader('retry-after') ?? 10) },
    );
  }

  if (isDatabaseUnreachable(error)) {
    request.log.warn({ err: error }, 'data store unreachable');
    return send(
      reply,
      503,
      {
        error: 'SERVICE_UNAVAILABLE',
        message: 'The service cannot reach its data store right now. Please try again shortly.',
      },
      { 'retry-after': '5' },
    );
  }

  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, {
    error: 'INTERNAL_ERROR',
    message: 'Something went wrong on our side. Please try again later.',
  });
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
export function isDatabaseUnreachable(error: FastifyError): boolean {
  const code = error.code ?? '';
  return (
    UNREACHABLE_SQLSTATE.test(code) ||
    isUnreachableSocketError(code) ||
    UNREACHABLE_MESSAGES.some((message) => error.message.startsWith(message))
  );
}

interface ValidationIssue {
  path: PropertyKey[];
  code: string;
  message: string;
  keys?: unknown;
}

/** A zod failure, from a route schema or parsed by hand (multipart fields), as the one 400 body. */
export function zodValidationError(issues: ValidationIssue[]): AppError {
  const details: Record<string, string[]> = {};
  for (const issue of issues) {
    const message =
      issue.code === 'unrecognized_keys' && Array.isArray(issue.keys)
        ? `Unknown field: ${issue.keys.join(', ')}`
        : issue.message;
    (details[issue.path.map(String).join('.') || '_'] ??= []).push(message);
  }
  const [field, messages] = Object.entries(details)[0] ?? ['_', ['Invalid request']];
  return new AppError(
    'VALIDATION_ERROR',
    field === '_' ? `${messages[0]}` : `${field}: ${messages[0]}`,
    details,
  );
}
