import { COUNTRY_CODES, REST_OF_WORLD } from '@fundry/shared';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name from its ISO code; `*` is the rest of the world. */
export function countryName(code: string): string {
  if (code === REST_OF_WORLD) return 'Rest of the world';
  return regionNames.of(code) ?? code;
}

/** Every country, by name, as a Select's options. */
export const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort(
  (a, b) => a.label.localeCompare(b.label),
);
