import { z } from 'zod';

/** The error codes of DESIGN.md §3; each maps to one HTTP status. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  /** An admin suspended the account (DESIGN.md §18): no sign-in, no session. */
  ACCOUNT_SUSPENDED: 403,
  /** An admin silenced the account until a date: it reads, it does not publish. */
  ACCOUNT_SILENCED: 403,
  NOT_FOUND: 404,
  INVALID_TOKEN: 400,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** A format the call does not offer (oEmbed's `format=xml`, DESIGN.md §19). */
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  /** Per-field messages of a validation error, or the facts a conflict names (e.g. `donation_id`). */
  details: z.record(z.string(), z.union([z.array(z.string()), z.number()])).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
