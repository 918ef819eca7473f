import { Select, TextInput } from '@mantine/core';
import { SimpleGrid, Stack, Text } from '@/components/primitives/primitives';
import { PLEDGE_MESSAGES, type ShippingAddress } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { countryOptions } from '@/lib/countries';

/** The address form's state: every field a string, the country possibly not chosen yet. */
export interface AddressDraft {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
}

export const EMPTY_ADDRESS: AddressDraft = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: '',
};

/** The form's state from an address as the API shows it back. */
export function toDraft(
  address: (Omit<ShippingAddress, 'country'> & { country: string }) | null | undefined,
): AddressDraft {
  if (!address) return EMPTY_ADDRESS;
  return { ...address, line2: address.line2 ?? '', region: address.region ?? '' };
}

/** The address to send, or null while a required field is empty. */
export function completeAddress(draft: AddressDraft): ShippingAddress | null {
  const trimmed: AddressDraft = {
    name: draft.name.trim(),
    line1: draft.line1.trim(),
    line2: draft.line2.trim(),
    city: draft.city.trim(),
    region: draft.region.trim(),
    postal_code: draft.postal_code.trim(),
    country: draft.country,
  };
  if (!trimmed.name || !trimmed.line1 || !trimmed.city || !trimmed.postal_code || !trimmed.country)
    return null;
  return {
    ...trimmed,
    line2: trimmed.line2 || null,
    region: trimmed.region || null,
    country: trimmed.country as ShippingAddress['country'],
  };
}

/** Where a shipped reward goes: name, street, city, region, postal code and country. */
export function ShippingAddressFields({
  value,
  onChange,
  errors = {},
}: {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  errors?: Partial<Record<keyof AddressDraft, string>>;
}) {
  const i18n = useI18n();
  const field = (key: keyof AddressDraft) => ({
    value: value[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [key]: event.currentTarget.value }),
    error: errors[key],
  });
  return (
    <Stack gap="xs">
      <TextInput
        label={i18n.t('backing.address.name')}
        withAsterisk
        autoComplete="shipping name"
        {...field('name')}
      />
      <TextInput
        label={i18n.t('backing.address.line1')}
        withAsterisk
        autoComplete="shipping address-line1"
        {...field('line1')}
      />
      <TextInput
        label={i18n.t('backing.address.line2')}
        autoComplete="shipping address-line2"
        {...field('line2')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          label={i18n.t('backing.address.city')}
          withAsterisk
          autoComplete="shipping address-level2"
          {...field('city')}
        />
        <TextInput
          label={i18n.t('backing.address.region')}
          autoComplete="shipping address-level1"
          {...field('region')}
        />
        <TextInput
          label={i18n.t('backing.address.postalCode')}
          withAsterisk
          autoComplete="shipping postal-code"
          {...field('postal_code')}
        />
        <Select
          label={i18n.t('backing.address.country')}
          withAsterisk
          searchable
          autoComplete="shipping country"
          data={countryOptions(i18n)}
          value={value.country || null}
          onChange={(country) => onChange({ ...value, country: country ?? '' })}
          error={errors.country}
          nothingFoundMessage={i18n.t('backing.country.noMatch')}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The dialogs' address block for a shipped reward, saying so when the reward does not ship to the country. */
export function ShippingAddressSection({
  value,
  onChange,
  notShippedThere,
}: {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  notShippedThere: boolean;
}) {
  const i18n = useI18n();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {i18n.t('backing.address.title')}
      </Text>
      <ShippingAddressFields
        value={value}
        onChange={onChange}
        errors={notShippedThere ? { country: i18n.t(PLEDGE_MESSAGES.notShippedThere) } : {}}
      />
    </Stack>
  );
}
