import { ApiError } from './api-client';

/** The text the client makes up when an error body carries no message (see api-client's toApiError). */
const FALLBACK_MESSAGE = /^Request failed with status \d+$/;

/** The server's own message for a failed call, or undefined when there was no answer or no message in it. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  const message = error.message.trim();
  return message && !FALLBACK_MESSAGE.test(message) ? message : undefined;
}

/** The first message the server gave for each field (a 400's `details`), ready for a form's setErrors. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.details) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.details)) {
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (first) errors[field] = first;
  }
  return errors;
}

/** The backer's existing pledge named by a 409 "You have already backed this project". */
export function existingPledgeId(error: unknown): number | null {
  if (!isApiError(error, 409)) return null;
  const id = error.details?.donation_id;
  return typeof id === 'number' ? id : null;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
