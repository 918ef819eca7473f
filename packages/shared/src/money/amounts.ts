import {
  convert as convertDinero,
  dinero,
  type DineroScaledAmount,
  halfUp,
  multiply,
  toSnapshot,
  transformScale,
} from 'dinero.js/bigint';
import { exponent } from './currencies';

/**
 * DESIGN.md §15: amounts cross the API as major units (19.99 euros) with at most as many decimals as the
 * currency's minor unit has, and are stored as integer minor units (1999 cents). Conversions go through the
 * decimal string, so 19.99 is always 1999, never 1998; products and conversions are exact (Dinero.js over
 * bigint) and rounded half-up in the smallest unit only at the end.
 */

/** The largest amount in minor units: $1,000,000,000.00 (or ¥100,000,000,000), far below 2^53. */
const MAX_MINOR = 100_000_000_000;

/**
 * Minor units of a figure with `decimals` decimals at most. 15 significant digits drop binary noise
 * (0.1 + 0.2) while keeping every real minor unit.
 */
export function toMinorUnits(amount: number, decimals: number): number {
  if (!Number.isFinite(amount)) throw new RangeError('Amount must be a finite number');
  if (Math.abs(amount) > MAX_MINOR / 10 ** decimals) throw new RangeError('Amount is too large');
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.toPrecision(15));
  if (!match) throw new RangeError('Amount must be a number');
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(decimals))) {
    throw new RangeError(`Amount must have at most ${decimals} decimal places`);
  }
  const value = Number(whole) * 10 ** decimals + Number(fraction.slice(0, decimals).padEnd(decimals, '0'));
  return sign === '-' && value !== 0 ? -value : value;
}

/** True when a figure has at most `decimals` decimals (binary noise tolerated); size is another rule. */
export function hasAtMostDecimals(amount: number, decimals: number): boolean {
  if (Math.abs(amount) > MAX_MINOR / 10 ** decimals) return Number.isInteger(amount);
  try {
    toMinorUnits(amount, decimals);
    return true;
  } catch {
    return false;
  }
}

/** An amount in major units of `currency` as its minor units; more decimals than the currency has → RangeError. */
export function majorToMinor(amount: number, currency: string): number {
  return toMinorUnits(amount, exponent(currency));
}

/** The major-unit figure of an amount in minor units with `decimals` decimals. */
export function fromMinorUnits(minor: number, decimals: number): number {
  return Math.round(minor) / 10 ** decimals;
}

/** Minor units of `currency` as the major-unit figure the API sends. */
export function minorToMajor(minor: number, currency: string): number {
  return fromMinorUnits(minor, exponent(currency));
}

/** True when `amount` has no more decimals than `currency`'s minor unit (a decimal on JPY is refused). */
export function hasValidDecimals(amount: number, currency: string): boolean {
  return hasAtMostDecimals(amount, exponent(currency));
}

/** A decimal figure ("1.0412", 2.9) as an exact scaled integer: 10412 at scale 4. */
function scaled(decimal: number | string): Required<DineroScaledAmount<bigint>> {
  const text = typeof decimal === 'number' ? decimal.toPrecision(15) : decimal.trim();
  const match = /^(-?)(\d+)(?:\.(\d*?))?0*$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal number: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { amount: BigInt(`${sign}${whole}${fraction}`), scale: BigInt(fraction.length) };
}

/** A currency as Dinero.js over bigint reads it. */
function dineroCurrency(code: string, decimals: number) {
  return { code, base: 10n, exponent: BigInt(decimals) };
}

/** Minor units as a Dinero object; the currency matters only for its exponent. */
function inMinorUnits(minor: number, currency: ReturnType<typeof dineroCurrency>) {
  if (!Number.isSafeInteger(minor)) throw new RangeError('Amount must be a whole number of minor units');
  return dinero({ amount: BigInt(minor), currency });
}

/** ISO 4217's code for "no currency": a percentage counts in smallest units, whatever they are. */
const SMALLEST_UNITS = dineroCurrency('XXX', 0);

/** A percentage of an amount in minor units (a fee), rounded half-up to the smallest unit. */
export function percentOfMinor(minor: number, percent: number): number {
  const { amount, scale } = scaled(percent);
  const product = multiply(inMinorUnits(minor, SMALLEST_UNITS), { amount, scale: scale + 2n });
  return Number(toSnapshot(transformScale(product, 0n, halfUp)).amount);
}

/**
 * Minor units of `from` in `to` at `rate` (units of `to` per unit of `from`, as a number or a decimal string
 * such as the database's numeric), rounded half-up to the smallest unit of `to`.
 */
export function convert(minor: number, from: string, to: string, rate: number | string): number {
  const source = dineroCurrency(from, exponent(from));
  const target = dineroCurrency(to, exponent(to));
  const converted = convertDinero(inMinorUnits(minor, source), target, { [to]: scaled(rate) });
  return Number(toSnapshot(transformScale(converted, target.exponent, halfUp)).amount);
}

/** Decimals a derived rate keeps (a project's base rate): far beyond what any amount it converts can show. */
export const RATE_DECIMALS = 10;

/**
 * The rate from one currency to another, both quoted against a third (the ECB quotes every rate per euro):
 * `fromPerBase` units of `from` and `toPerBase` units of `to` buy one unit of the third. Exact, rounded half-up
 * to RATE_DECIMALS decimals, as a decimal string.
 */
export function crossRate(fromPerBase: number | string, toPerBase: number | string): string {
  const from = scaled(fromPerBase);
  const to = scaled(toPerBase);
  if (from.amount <= 0n || to.amount <= 0n) throw new RangeError('Rates must be positive');
  // A division, which Dinero.js does not offer: (to / 10^to.scale) / (from / 10^from.scale), times
  // 10^RATE_DECIMALS, rounded half-up (twice the quotient, plus one, halved).
  const numerator = to.amount * 10n ** (from.scale + BigInt(RATE_DECIMALS)) * 2n;
  const denominator = from.amount * 10n ** to.scale;
  const units = (numerator / denominator + 1n) / 2n;
  const digits = units.toString().padStart(RATE_DECIMALS + 1, '0');
  const whole = digits.slice(0, -RATE_DECIMALS);
  const fraction = digits.slice(-RATE_DECIMALS).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
