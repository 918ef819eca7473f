import { z } from 'zod';

/**
 * `GET /fx-rates`: the newest day's reference rates, units of each currency per unit of `base` (the European
 * Central Bank's, per euro). For approximations shown beside an amount only; nothing is charged or counted
 * with them (DESIGN.md §15).
 */
export const fxRatesResponse = z.object({
  data: z.object({
    date: z.iso.date(),
    base: z.string().regex(/^[A-Z]{3}$/),
    rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive()),
  }),
});
export type FxRates = z.infer<typeof fxRatesResponse>['data'];
