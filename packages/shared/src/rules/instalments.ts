import { MS_PER_DAY } from '../constants';
import { parseCalendarDate } from './projects';
import { convert, crossRate, majorToMinor } from '../money/amounts';

/** Pledge over time (DESIGN.md §20): how many instalments a plan has. */
export const INSTALMENT_COUNT = 3;

/** A later instalment still unpaid this many days after its first decline ends the plan (the pledge DEFAULTED). */
export const INSTALMENT_GRACE_DAYS = 14;

export const INSTALMENT_STATUSES = ['scheduled', 'paid', 'failed', 'cancelled'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export interface PlannedInstalment {
  number: number;
  /** Minor units of the pledge's currency. */
  amountMinor: number;
  /** YYYY-MM-DD (UTC). */
  dueOn: string;
}

/**
 * The plan of a pledge of `totalMinor` minor units (add-ons and shipping included) charged first on `firstDue`: the
 * amount split evenly in the currency's minor units (whatever its exponent: a yen is one), the remainder on the
 * first, the later ones `intervalDays` apart. The instalments always sum to the pledge exactly.
 */
export function planInstalments(
  totalMinor: number,
  firstDue: string,
  intervalDays: number,
): PlannedInstalment[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < INSTALMENT_COUNT) {
    throw new RangeError('A plan needs a whole amount of at least one minor unit per instalment');
  }
  const share = Math.floor(totalMinor / INSTALMENT_COUNT);
  const first = parseCalendarDate(firstDue);
  return Array.from({ length: INSTALMENT_COUNT }, (_, index) => ({
    number: index + 1,
    amountMinor: index === 0 ? totalMinor - share * (INSTALMENT_COUNT - 1) : share,
    dueOn: new Date(first + index * intervalDays * MS_PER_DAY).toISOString().slice(0, 10),
  }));
}

/**
 * The smallest pledge a plan is offered for, in minor units of the project's currency: `minimumBase` major units of
 * the base currency through the project's `base_rate` (units of base per unit of the project's currency), rounded
 * half-up to the project currency's smallest unit. Both the rule and the project page use this one figure. Null
 * when a project in another currency has no rate yet (before its launch).
 */
export function pledgeOverTimeMinimum(
  minimumBase: number,
  baseCurrency: string,
  projectCurrency: string,
  baseRate: string | number | null,
): number | null {
  const baseMinor = majorToMinor(minimumBase, baseCurrency);
  if (projectCurrency === baseCurrency) return baseMinor;
  if (baseRate === null || Number(baseRate) <= 0) return null;
  return convert(baseMinor, baseCurrency, projectCurrency, crossRate(baseRate, 1));
}
