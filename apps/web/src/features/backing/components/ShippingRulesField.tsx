import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { REST_OF_WORLD } from '@fundry/shared';
import { COUNTRY_OPTIONS, countryName } from './countries';
import type { RewardFormValues } from './RewardFormDialog';
import { destinationName } from './shipping';

const WORLD_OPTION = { value: REST_OF_WORLD, label: countryName(REST_OF_WORLD) };

/**
 * Where a shipped reward goes and what shipping costs (DESIGN.md §10): a domestic reward ships to one country
 * (the creator's); an international one has a price per country and, optionally, one for the rest of the world.
 */
export function ShippingRulesField({ form }: { form: UseFormReturnType<RewardFormValues> }) {
  const { shipping_type: type, shipping_rules: rules } = form.getValues();
  if (type === 'none') return null;
  const taken = new Set(rules.map((rule) => rule.country));
  const options = (current: string) =>
    [...(type === 'international' ? [WORLD_OPTION] : []), ...COUNTRY_OPTIONS].filter(
      (option) => option.value === current || !taken.has(option.value),
    );

  return (
    <Stack gap="xs" role="group" aria-label="Shipping prices">
      {type === 'international' && (
        <Text fw={500} size="sm">
          Shipping prices
        </Text>
      )}
      {rules.map((rule, index) => (
        <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
          <Select
            label={type === 'domestic' ? 'Ships from / to' : `Country ${index + 1}`}
            description={type === 'domestic' ? 'A domestic reward ships within one country' : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            searchable
            data={options(rule.country)}
            allowDeselect={false}
            nothingFoundMessage="No country matches"
            comboboxProps={{ withinPortal: true }}
            style={{ flex: 2 }}
            {...form.getInputProps(`shipping_rules.${index}.country`)}
          />
          <NumberInput
            label="Shipping cost ($)"
            withAsterisk
            min={0}
            step={0.01}
            decimalScale={2}
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
              aria-label={`Remove shipping to ${rule.country ? destinationName(rule.country) : `country ${index + 1}`}`}
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
          Add country
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
