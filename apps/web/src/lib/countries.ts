import { COUNTRY_CODES, type Donation, type Locale, REST_OF_WORLD, type Translator } from '@fundry/shared';

type CountryOption = { value: string; label: string };

// Built once per language: display names and the sorted list are costly to build and cheap to reuse.
const regionNames = new Map<Locale, Intl.DisplayNames>();
const optionLists = new Map<Locale, CountryOption[]>();

/** A country's name in the reader's language from its ISO code; `*` is the rest of the world. */
export function countryName(i18n: Translator, code: string): string {
  if (code === REST_OF_WORLD) return i18n.t('backing.country.restOfWorld');
  let names = regionNames.get(i18n.locale);
  if (!names) {
    names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    regionNames.set(i18n.locale, names);
  }
  return names.of(code) ?? code;
}

/** Every country, by name in the reader's language and in its alphabetical order, as a Select's options. */
export function countryOptions(i18n: Translator): CountryOption[] {
  let options = optionLists.get(i18n.locale);
  if (!options) {
    const collator = new Intl.Collator(i18n.locale);
    options = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(i18n, code) })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
    optionLists.set(i18n.locale, options);
  }
  return options;
}

/** A shipping address on one line: name, street, city, region, postal code, country. */
export function formatAddress(i18n: Translator, address: NonNullable<Donation['shipping_address']>) {
  return [
    address.name,
    address.line1,
    address.line2,
    address.city,
    address.region,
    address.postal_code,
    countryName(i18n, address.country),
  ]
    .filter(Boolean)
    .join(', ');
}
