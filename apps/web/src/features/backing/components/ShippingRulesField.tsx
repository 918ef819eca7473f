import { ActionIcon, NumberInput, Select } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { REST_OF_WORLD } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { amountInputProps } from '@/lib/money';
import { countryName, countryOptions } from '@/lib/countries';

/** What the field needs of a form: a reward's or an add-on's. */
export interface ShippingFormValues {
  shipping_type: 'none' | 'domestic' | 'international';
  shipping_rules: { country: string; cost: number | string }[];
}
type ShippingForm = Pick<UseFormReturnType<ShippingFormValues>, 'removeListItem' | 'insertListItem'> & {
  getValues: () => ShippingFormValues;
  getInputProps: (path: string) => ReturnType<UseFormReturnType<ShippingFormValues>['getInputProps']>;
  errors: Record<string, ReactNode>;
};

/**
 * Where a shipped reward goes and what shipping costs (DESIGN.md §10): a domestic reward ships to one country
 * (the creator's); an international one has a price per country and, optionally, one for the rest of the world.
 */
export function ShippingRulesField({ form, currency }: { form: ShippingForm; currency: string }) {
  const i18n = useI18n();
  const { shipping_type: type, shipping_rules: rules } = form.getValues();
  if (type === 'none') return null;
  const taken = new Set(rules.map((rule) => rule.country));
  const world = { value: REST_OF_WORLD, label: countryName(i18n, REST_OF_WORLD) };
  const options = (current: string) =>
    [...(type === 'international' ? [world] : []), ...countryOptions(i18n)].filter(
      (option) => option.value === current || !taken.has(option.value),
    );
  const removeLabel = (country: string, index: number) =>
    !country
      ? i18n.t('backing.shippingRules.removeNumbered', { number: index + 1 })
      : country === REST_OF_WORLD
        ? i18n.t('backing.shippingRules.removeWorld')
        : i18n.t('backing.shippingRules.removeCountry', { country: countryName(i18n, country) });

  return (
    <Stack gap="xs" role="group" aria-label={i18n.t('backing.shippingRules.title')}>
      {type === 'international' && (
        <Text fw={500} size="sm">
          {i18n.t('backing.shippingRules.title')}
        </Text>
      )}
      {rules.map((rule, index) => (
        <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
          <Select
            label={
              type === 'domestic'
                ? i18n.t('backing.shippingRules.domesticLabel')
                : i18n.t('backing.shippingRules.countryLabel', { number: index + 1 })
            }
            description={
              type === 'domestic' ? i18n.t('backing.shippingRules.domesticDescription') : undefined
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            searchable
            data={options(rule.country)}
            allowDeselect={false}
            nothingFoundMessage={i18n.t('backing.country.noMatch')}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: 2 }}
            {...form.getInputProps(`shipping_rules.${index}.country`)}
          />
          <NumberInput
            label={i18n.t('backing.shippingRules.costLabel')}
            withAsterisk
            min={0}
            {...amountInputProps(i18n, currency)}
            allowNegative={false}
            hideControls
            style={{ flex: 1 }}
            {...form.getInputProps(`shipping_rules.${index}.cost`)}
          />
          {type === 'international' && rules.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              size="lg"
              aria-label={removeLabel(rule.country, index)}
              onClick={() => form.removeListItem('shipping_rules', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {type === 'international' && (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('shipping_rules', { country: '', cost: '' })}
          style={{ alignSelf: 'flex-start' }}
        >
          {i18n.t('backing.shippingRules.add')}
        </Button>
      )}
      {typeof form.errors.shipping_rules === 'string' && (
        <Text size="xs" c="red" role="alert">
          {form.errors.shipping_rules}
        </Text>
      )}
    </Stack>
  );
}
