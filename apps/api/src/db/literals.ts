import { sql } from 'kysely';
import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';

/**
 * Constants written into the SQL text rather than sent as parameters. Statements are prepared on the server, and
 * a prepared statement's generic plan cannot prove a partial index's predicate (`where status in (…)`) from
 * parameters: with `$1, $2…` the donations of a popular project were scanned whole for each comment's backer
 * badge. Lists that pick rows of a partial index are therefore literals: `.where('status', 'in', list)`, or
 * `in (${sql.join(list)})` in raw SQL.
 */
export function literals<T extends string>(values: readonly T[]) {
  return values.map((value) => sql.lit(value));
}

/** The statuses of a live or collected pledge (DESIGN.md §10). */
export const LIVE_PLEDGES = literals(LIVE_PLEDGE_STATUSES);

/**
 * The statuses of a backer's open checkout or pledge still to be charged: `donations_one_open_idx` keeps at most one
 * per backer and project.
 */
export const OPEN_PLEDGES = literals(['PENDING', 'PLEDGED', 'COLLECTING', 'PAYMENT_FAILED']);
