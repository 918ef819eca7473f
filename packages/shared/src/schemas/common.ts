import { z } from 'zod';
import { MAX_PER_PAGE } from '../constants';

/** An ISO 4217 code: the currency a money-bearing object's amounts are in (DESIGN.md §15). */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/);

export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The fields of a paged list's query: `page` from 1, `per_page` up to MAX_PER_PAGE. */
export const pageQueryFields = (perPage = 20) => ({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(perPage),
});

/** Where a page stands in its list: the `meta` of a paged answer. */
export const pageMeta = z.object({
  total: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export const messageResponse = z.object({ message: z.string() });

/** Wraps a payload in the `{ data }` envelope of DESIGN.md §3. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}
