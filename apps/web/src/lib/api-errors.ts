import { ApiError, requestFailedMessage } from './api-client';

/** The server's own message for a failed call, or undefined when there was no answer or no message in it. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  const message = error.message.trim();
  // The message the client made up when the body carried none (api-client's toApiError) is not the server's.
  return message && message !== requestFailedMessage(error.status) ? message : undefined;
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
