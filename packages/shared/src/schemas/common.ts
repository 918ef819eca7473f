import { z } from 'zod';
import { MAX_PER_PAGE } from '../constants';

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export const messageResponse = z.object({ message: z.string() });

/** Wraps a payload in the `{ data }` envelope of DESIGN.md §3. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}
