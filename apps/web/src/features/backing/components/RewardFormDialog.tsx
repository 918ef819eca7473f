import { Alert, Modal, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  LATE_PLEDGE_MESSAGES,
  CURRENCY_DECIMALS_MESSAGE,
  exponent,
  hasValidDecimals,
  MIN_PLEDGE_DOLLARS,
  REWARD_DESCRIPTION_MAX,
  REWARD_MESSAGES,
  REWARD_TITLE_MAX,
  REST_OF_WORLD,
  type Reward,
  todayUtc,
} from '@fundry/shared';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { amountInputProps } from '@/lib/money';
import { notify } from '@/lib/notify';
import { type RewardInput, useSaveReward } from '../api/rewards';
import { ShippingRulesField, type ShippingFormValues } from './ShippingRulesField';

type Shipping = Reward['shipping_type'];

export interface RewardFormValues {
  title: string;
  description: string;
  minimum_amount: number | string;
  /** The late pledges' price (DESIGN.md §16); empty: the minimum. */
  late_price: number | string;
  quantity_available: number | string;
  estimated_delivery_date: string;
  shipping_type: Shipping;
  shipping_rules: { country: string; cost: number | string }[];
}

/**
 * The rules kept when the shipping type changes: none for digital rewards; one country (never the rest of the
 * world) for domestic ones; the rules so far, or a first price, for international ones.
 */
function rulesForType(type: Shipping, current: RewardFormValues['shipping_rules']) {
  const first = [{ country: 'US', cost: '' }];
  if (type === 'none') return [];
  const countries = current.filter((rule) => rule.country !== REST_OF_WORLD);
  if (type === 'domestic') return countries.length > 0 ? countries.slice(0, 1) : first;
  return current.length > 0 ? current : first;
}

/** A field path the form shows an error under: `title`, `shipping_rules`, `shipping_rules.1.cost`, … */
function isFormField(path: string) {
  return (
    /^(title|description|minimum_amount|late_price|quantity_available|estimated_delivery_date|shipping_type|shipping_rules)$/.test(
      path,
    ) || /^shipping_rules\.\d+\.(country|cost)$/.test(path)
  );
}

const SHIPPING_OPTIONS: { value: Shipping; label: string }[] = [
  { value: 'none', label: 'backing.rewardForm.shippingNone' },
  { value: 'domestic', label: 'backing.rewardForm.shippingDomestic' },
  { value: 'international', label: 'backing.rewardForm.shippingInternational' },
];

function initialValues(reward?: Reward | null): RewardFormValues {
  return {
    title: reward?.title ?? '',
    description: reward?.description ?? '',
    minimum_amount: reward?.minimum_amount ?? '',
    late_price: reward?.late_price ?? '',
    quantity_available: reward?.quantity_available ?? '',
    estimated_delivery_date: reward?.estimated_delivery_date ?? '',
    shipping_type: reward?.shipping_type ?? 'none',
    shipping_rules: reward?.shipping_rules ?? [],
  };
}

/**
 * SPEC §5 reward form rules, amounts with no more decimals than the project's currency has; the messages are the
 * API's own (REWARD_MESSAGES keys and the money module's, shown through `t` with the currency named).
 */
export function validateReward(values: RewardFormValues, currency: string, today: string = todayUtc()) {
  const errors: Partial<Record<keyof RewardFormValues, string>> = {};
  const title = values.title.trim();
  if (!title) errors.title = REWARD_MESSAGES.titleRequired;
  else if (title.length > REWARD_TITLE_MAX) errors.title = REWARD_MESSAGES.titleLength;
  const description = values.description.trim();
  if (!description) errors.description = REWARD_MESSAGES.descriptionRequired;
  else if (description.length > REWARD_DESCRIPTION_MAX)
    errors.description = REWARD_MESSAGES.descriptionLength;
  if (values.late_price !== '' && Number(values.late_price) < MIN_PLEDGE_DOLLARS)
    errors.late_price = LATE_PLEDGE_MESSAGES.priceTooLow;
  else if (values.late_price !== '' && !hasValidDecimals(Number(values.late_price), currency))
    errors.late_price = CURRENCY_DECIMALS_MESSAGE;
  if (values.minimum_amount === '') errors.minimum_amount = REWARD_MESSAGES.minimumRequired;
  else if (Number(values.minimum_amount) < MIN_PLEDGE_DOLLARS)
    errors.minimum_amount = REWARD_MESSAGES.minimumTooLow;
  else if (!hasValidDecimals(Number(values.minimum_amount), currency))
    errors.minimum_amount = CURRENCY_DECIMALS_MESSAGE;
  if (values.quantity_available !== '' && Number(values.quantity_available) < 1)
    errors.quantity_available = REWARD_MESSAGES.quantityMin;
  if (!values.estimated_delivery_date) errors.estimated_delivery_date = REWARD_MESSAGES.deliveryRequired;
  else if (values.estimated_delivery_date < today)
    errors.estimated_delivery_date = REWARD_MESSAGES.deliveryPast;
  return { ...errors, ...validateShipping(values, currency) };
}

/** The shipping rules' own rules, the API's messages (rewardRequest in @fundry/shared). */
export function validateShipping(
  { shipping_type: type, shipping_rules: rules }: ShippingFormValues,
  currency: string,
) {
  const errors: Record<string, string> = {};
  if (type === 'none') return errors;
  if (rules.length === 0) errors.shipping_rules = REWARD_MESSAGES.shippingRulesRequired;
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    // Each message goes under its own field; a country priced twice is marked where it comes again.
    if (!rule.country) errors[`shipping_rules.${index}.country`] = REWARD_MESSAGES.country;
    else if (seen.has(rule.country))
      errors[`shipping_rules.${index}.country`] = REWARD_MESSAGES.shippingRuleTwice;
    else seen.add(rule.country);
    const cost = Number(rule.cost);
    if (rule.cost === '') errors[`shipping_rules.${index}.cost`] = REWARD_MESSAGES.shippingCostRequired;
    else if (cost < 0) errors[`shipping_rules.${index}.cost`] = REWARD_MESSAGES.shippingCostNegative;
    else if (!hasValidDecimals(cost, currency))
      errors[`shipping_rules.${index}.cost`] = CURRENCY_DECIMALS_MESSAGE;
  });
  return errors;
}

function toRequest(values: RewardFormValues): RewardInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    minimum_amount: Number(values.minimum_amount),
    late_price: values.late_price === '' ? null : Number(values.late_price),
    quantity_available: values.quantity_available === '' ? null : Number(values.quantity_available),
    estimated_delivery_date: values.estimated_delivery_date,
    shipping_type: values.shipping_type,
    shipping_rules:
      values.shipping_type === 'none'
        ? []
        : values.shipping_rules.map((rule) => ({
            country: rule.country as RewardInput['shipping_rules'][number]['country'],
            cost: Number(rule.cost),
          })),
  };
}

/**
 * Create reward (no `reward`) and Edit reward dialogs (SPEC §2, §5). Edit keeps Update disabled until a
 * field changes.
 */
export function RewardFormDialog({
  projectId,
  currency,
  opened,
  reward,
  onClose,
}: {
  projectId: number;
  /** The project's: a reward's minimum and shipping costs are in it. */
  currency: string;
  opened: boolean;
  reward?: Reward | null;
  onClose: () => void;
}) {
  const i18n = useI18n();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700}>
          {i18n.t(reward ? 'backing.rewardForm.editTitle' : 'backing.rewardForm.createTitle')}
        </Text>
      }
      centered
      radius="lg"
      size="lg"
    >
      {/* Mounted on each opening: the form starts from the reward as it is now, or empty. */}
      <RewardForm projectId={projectId} currency={currency} reward={reward ?? null} onClose={onClose} />
    </Modal>
  );
}

function RewardForm({
  projectId,
  currency,
  reward,
  onClose,
}: {
  projectId: number;
  currency: string;
  reward: Reward | null;
  onClose: () => void;
}) {
  const i18n = useI18n();
  // The decimals' message names the currency and how many it has.
  const named = { currency, decimals: exponent(currency) };
  const editing = Boolean(reward);
  const save = useSaveReward(projectId);
  const form = useForm<RewardFormValues>({
    initialValues: initialValues(reward),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateReward(values, currency)).map(([path, key]) => [path, i18n.t(key, named)]),
      ),
  });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    setProblem(null);
    const body = toRequest(values);
    save.mutate(
      { rewardId: reward?.id, body },
      {
        onSuccess: (response) => {
          notify.success(
            editing
              ? i18n.t('backing.rewardForm.updated')
              : i18n.t('backing.rewardForm.created', { title: response.data?.title ?? body.title }),
          );
          onClose();
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          // A reason the form cannot show under a field of its own is shown above the form.
          const paths = Object.keys(fields);
          if (paths.length === 0 || !paths.every(isFormField)) setProblem(serverMessage(error) ?? null);
          notify.error(
            i18n.t(editing ? 'backing.rewardForm.updateFailed' : 'backing.rewardForm.createFailed'),
          );
        },
      },
    );
  });

  const today = todayUtc();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label={i18n.t('backing.rewardForm.titleLabel')}
          withAsterisk
          placeholder={i18n.t('backing.rewardForm.titlePlaceholder')}
          maxLength={REWARD_TITLE_MAX}
          description={`${form.getValues().title.length}/${REWARD_TITLE_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={i18n.t('backing.rewardForm.descriptionLabel')}
          withAsterisk
          placeholder={i18n.t('backing.rewardForm.descriptionPlaceholder')}
          autosize
          minRows={3}
          maxLength={REWARD_DESCRIPTION_MAX}
          description={`${form.getValues().description.length}/${REWARD_DESCRIPTION_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('description')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={i18n.t('backing.rewardForm.minimumLabel')}
            withAsterisk
            min={MIN_PLEDGE_DOLLARS}
            {...amountInputProps(i18n, currency)}
            allowNegative={false}
            hideControls
            {...form.getInputProps('minimum_amount')}
          />
          <NumberInput
            label={i18n.t('backing.rewardForm.quantityLabel')}
            description={i18n.t('backing.rewardForm.quantityDescription')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('quantity_available')}
          />
        </Group>
        <NumberInput
          label={i18n.t('backing.late.priceLabel')}
          description={i18n.t('backing.late.priceDescription')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={MIN_PLEDGE_DOLLARS}
          {...amountInputProps(i18n, currency)}
          allowNegative={false}
          hideControls
          {...form.getInputProps('late_price')}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={i18n.t('backing.rewardForm.deliveryLabel')}
            withAsterisk
            min={today}
            {...form.getInputProps('estimated_delivery_date')}
          />
          <Select
            label={i18n.t('backing.rewardForm.shippingLabel')}
            data={SHIPPING_OPTIONS.map((option) => ({ ...option, label: i18n.t(option.label) }))}
            allowDeselect={false}
            {...form.getInputProps('shipping_type')}
            onChange={(next) => {
              const type = (next ?? 'none') as Shipping;
              form.setFieldValue('shipping_type', type);
              form.setFieldValue('shipping_rules', rulesForType(type, form.getValues().shipping_rules));
            }}
          />
        </Group>
        <ShippingRulesField form={form} currency={currency} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {i18n.t('backing.dialog.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={editing && !form.isDirty()}>
            {i18n.t(editing ? 'backing.rewardForm.update' : 'backing.rewardForm.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
