import { type RawBuilder, sql } from 'kysely';
import { exponent, minorToMajor } from '@fundry/shared';

/**
 * DESIGN.md §15: figures that add amounts of several projects are counted in the base currency through each
 * project's `base_rate` (migration 0030's `base_amount`). A project in the base currency needs no rate; any other
 * with no rate yet is left out of a sum and makes it approximate.
 */

/** The rate of a row's project to the base currency, or null while it is unknown. */
function rateToBase(base: string, of: string) {
  const rate = sql.ref(`${of}.base_rate`);
  return sql<string | null>`coalesce(${rate}, case when ${sql.ref(`${of}.currency`)} = ${base} then 1 end)`;
}

/**
 * Aggregate columns over rows of projects (`of`: the projects row `p`, or rows that carry a project's `currency` and
 * `base_rate`): `base_minor`, Σ `minor` in minor units of the base currency (exact numerics, rounded once),
 * `currencies`, how many currencies the rows with money hold, and `unconverted`, how many of those have no rate to
 * the base currency; only over the rows `counted` holds for.
 */
export function sumInBase(minor: string, base: string, counted: RawBuilder<boolean> = sql`true`, of = 'p') {
  const amount = sql.ref(minor);
  const currency = sql.ref(`${of}.currency`);
  const rate = rateToBase(base, of);
  const scale = sql.lit(10 ** exponent(base));
  const sum = sql`sum(base_amount(${amount}, ${currency}, ${rate})) filter (where ${counted})`;
  return [
    sql<string>`round(coalesce(${sum}, 0) * ${scale})::text`.as('base_minor'),
    sql<string>`count(distinct ${currency}) filter (where ${counted} and ${amount} > 0)`.as('currencies'),
    sql<string>`count(*) filter (where ${counted} and ${amount} > 0 and ${rate} is null)`.as('unconverted'),
  ] as const;
}

/** A platform-wide figure as the API answers it: major units of the base currency, approximate when mixed. */
export interface BaseFigure {
  amount: number;
  currency: string;
  approximate: boolean;
}

/** The columns of `sumInBase` as a figure (no row: nothing counted). */
export function toBaseFigure(
  row: { base_minor: string; currencies: string; unconverted: string } | undefined,
  base: string,
): BaseFigure {
  return {
    amount: minorToMajor(Number(row?.base_minor ?? 0), base),
    currency: base,
    approximate: Number(row?.currencies ?? 0) > 1 || Number(row?.unconverted ?? 0) > 0,
  };
}
