import type { FastifyReply, FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config } from './config';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The server's log: JSON lines, one a record, for whatever collects them; for a person at a terminal
 * (`logFormat: 'pretty'`), readable lines instead: time, level and message, a request as `→ GET /path` and its
 * answer as `← 200 GET /path (3 ms)`. Written in this thread, so nothing is lost when the process exits.
 */
export function loggerOptions(
  config: Config,
  /** Where the readable lines go: standard output, or a test's stream. */
  destination: NodeJS.WritableStream | number = 1,
): LoggerOptions {
  const options = { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] };
  if (config.logFormat === 'json') return options;
  return {
    ...options,
    serializers: {
      // Fastify's answer line names only the status; this one names the request too.
      res: (reply: Partial<FastifyReply>) => ({
        statusCode: reply.statusCode,
        method: reply.request?.method,
        url: reply.request?.url,
      }),
    },
    stream: pinoPretty({
      destination,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: (log, messageKey) => {
        const req = log.req as { method?: string; url?: string } | undefined;
        const res = log.res as { statusCode?: number; method?: string; url?: string } | undefined;
        const message = typeof log[messageKey] === 'string' ? log[messageKey] : '';
        const took = typeof log.responseTime === 'number' ? ` (${Math.round(log.responseTime)} ms)` : '';
        if (message === 'incoming request' && req) return `→ ${req.method} ${req.url}`;
        if (message === 'request completed' && res) {
          return `← ${res.statusCode} ${res.method} ${res.url}${took}`;
        }
        return message;
      },
    }),
  };
}
