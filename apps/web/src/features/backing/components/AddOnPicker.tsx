import { NumberInput } from '@mantine/core';
import { Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { ADD_ON_QUANTITY_MAX, type AddOn } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { AddOnImage } from './AddOnImage';
import { addOnShippingSummary } from './shipping';
import type { AddOnChoice } from './pledge-terms';

/** The add-ons a pledge may take with `rewardId` (DESIGN.md §16): those for any pledge, and those for that reward. */
export function addOnsFor(addOns: AddOn[], rewardId: number | null) {
  return addOns.filter(
    (addOn) =>
      addOn.available_with.length === 0 || (rewardId !== null && addOn.available_with.includes(rewardId)),
  );
}

/** The chosen quantities as the pledge's choices, without those the reward no longer offers. */
export function choicesOf(offered: AddOn[], quantities: Record<number, number>): AddOnChoice[] {
  return offered
    .filter((addOn) => (quantities[addOn.id] ?? 0) > 0)
    .map((addOn) => ({ addOn, quantity: quantities[addOn.id]! }));
}

/**
 * The add-ons of the back and manage dialogs: each with its price, what is left and where it ships, and a quantity
 * from 0 to the per-pledge limit or what is left (`held` counts units this pledge already has). One column on a
 * phone: nothing scrolls sideways. In a late pledge (DESIGN.md §16) the late price leads, the campaign's struck through.
 */
export function AddOnPicker({
  offered,
  quantities,
  held = {},
  late = false,
  onChange,
}: {
  offered: AddOn[];
  late?: boolean;
  quantities: Record<number, number>;
  held?: Record<number, number>;
  onChange: (quantities: Record<number, number>) => void;
}) {
  const i18n = useI18n();
  if (offered.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-labelledby="add-ons-picker-heading">
      <Text fw={500} size="sm" id="add-ons-picker-heading">
        {i18n.t('backing.addOns.pickerTitle')}
      </Text>
      {offered.map((addOn) => {
        const left = addOn.remaining === null ? null : addOn.remaining + (held[addOn.id] ?? 0);
        const max = Math.min(ADD_ON_QUANTITY_MAX, left ?? ADD_ON_QUANTITY_MAX);
        const latePrice = late && addOn.late_price !== null && addOn.late_price !== addOn.price;
        return (
          <Paper key={addOn.id} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              {addOn.image_url && <AddOnImage url={addOn.image_url} size={48} />}
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {i18n.t('backing.addOns.option', {
                    title: addOn.title,
                    price: i18n.money(latePrice ? addOn.late_price! : addOn.price, addOn.currency),
                  })}
                </Text>
                {latePrice && (
                  <Text size="xs" c="dimmed">
                    {i18n.t('backing.late.campaignPrice')}{' '}
                    <Text span inherit td="line-through">
                      {i18n.money(addOn.price, addOn.currency)}
                    </Text>
                  </Text>
                )}
                {addOn.description && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {addOn.description}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {left === null
                    ? addOnShippingSummary(i18n, addOn)
                    : i18n.t('backing.addOns.leftAndShipping', {
                        count: left,
                        shipping: addOnShippingSummary(i18n, addOn),
                      })}
                </Text>
              </Stack>
              <NumberInput
                aria-label={i18n.t('backing.addOns.quantityLabel', { title: addOn.title })}
                value={quantities[addOn.id] ?? 0}
                onChange={(value) =>
                  onChange({ ...quantities, [addOn.id]: Math.max(0, Math.min(max, Number(value) || 0)) })
                }
                min={0}
                max={max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                disabled={max === 0}
                w={76}
                style={{ flexShrink: 0 }}
              />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
