/**
 * The total of a paged list whose rows carry it (`count(*)` as a scalar subquery of the page's own statement, one
 * round trip instead of two). An empty page carries nothing: on the first page the list is empty, past it the
 * total is counted on its own (a page too far).
 */
export async function pageTotal(
  // A scalar subquery is typed as nullable; count(*) never is.
  rows: readonly { total: number | string | bigint | null }[],
  page: number,
  count: () => Promise<number | string | bigint>,
): Promise<number> {
  const first = rows[0];
  if (first) return Number(first.total);
  return page === 1 ? 0 : Number(await count());
}
